import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E5_SHAPE, type EncoderShape, e5ShapedModel } from './e5-shaped-graph.ts';
import { E5_VOCABULARY, e5ShapedTokenizer } from './e5-shaped-tokenizer.ts';

/** The e5 architecture at a size a test can write and run in milliseconds. */
const TINY: EncoderShape = {
  ...E5_SHAPE,
  vocabulary: 64,
  layers: 2,
  hidden: 16,
  heads: 4,
  intermediate: 32,
  positions: 34,
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-e5-shaped-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function session(shape: EncoderShape): Promise<ort.InferenceSession> {
  const file = join(dir, 'model_quantized.onnx');
  await writeFile(file, e5ShapedModel(7, shape));
  return ort.InferenceSession.create(file, { intraOpNumThreads: 1 });
}

const int64 = (rows: number[][]) =>
  new ort.Tensor('int64', BigInt64Array.from(rows.flat().map(BigInt)), [
    rows.length,
    rows[0]?.length ?? 0,
  ]);

async function hidden(s: ort.InferenceSession, ids: number[][], mask: number[][]) {
  const out = await s.run({
    input_ids: int64(ids),
    attention_mask: int64(mask),
    token_type_ids: int64(ids.map((r) => r.map(() => 0))),
  });
  return out.last_hidden_state as ort.Tensor;
}

describe('bench/e5-shaped-graph', () => {
  it('writes an encoder ONNX Runtime runs, with last_hidden_state [batch, sequence, hidden]', async () => {
    const s = await session(TINY);
    expect(s.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
    const out = await hidden(
      s,
      [
        [0, 5, 9, 2, 1, 1],
        [0, 7, 8, 11, 12, 2],
      ],
      [
        [1, 1, 1, 1, 0, 0],
        [1, 1, 1, 1, 1, 1],
      ],
    );
    expect(out.dims).toEqual([2, 6, TINY.hidden]);
    expect((out.data as Float32Array).every(Number.isFinite)).toBe(true);
  });

  it('lets the attention mask change what a token sees', async () => {
    const s = await session(TINY);
    const ids = [[0, 5, 9, 13, 2]];
    const all = await hidden(s, ids, [[1, 1, 1, 1, 1]]);
    const some = await hidden(s, ids, [[1, 1, 1, 0, 0]]);
    const first = (t: ort.Tensor) => [...(t.data as Float32Array).slice(0, TINY.hidden)];
    expect(first(some)).not.toEqual(first(all));
  });

  it('writes the same bytes for the same seed', () => {
    expect(Buffer.from(e5ShapedModel(3, TINY)).equals(Buffer.from(e5ShapedModel(3, TINY)))).toBe(
      true,
    );
  });
});

describe('bench/e5-shaped-tokenizer', () => {
  const corpus = ['El perro come en la casa.', 'La casa del perro es grande.', 'el perro'];
  // Built once: 250,037 pieces take a few seconds to write and load.
  const json = e5ShapedTokenizer(corpus) as { model: { vocab: unknown[] } };
  const tokenizer = new Tokenizer(json, {});

  it('has the model vocabulary and wraps a text in <s> … </s>', () => {
    expect(json.model.vocab).toHaveLength(E5_VOCABULARY);
    const ids = tokenizer.encode('el perro').ids;
    expect(ids[0]).toBe(0);
    expect(ids.at(-1)).toBe(2);
  });

  it('splits words of the corpus into its pieces and unknown characters into <unk>', () => {
    expect(tokenizer.encode('el perro').tokens.slice(1, -1)).toEqual(['▁el', '▁perro']);
    expect(tokenizer.encode('Ω').ids).toContain(3);
  });
});
