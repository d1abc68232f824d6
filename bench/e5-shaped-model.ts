import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tldrPages } from './corpus/tldr-pages.ts';
import { E5_SHAPE, e5ShapedModel } from './e5-shaped-graph.ts';
import { e5ShapedTokenizer } from './e5-shaped-tokenizer.ts';

/**
 * A model folder shaped like multilingual-e5-small int8's (`model_quantized.onnx` and
 * `tokenizer.json`, e5-shaped-graph.ts and e5-shaped-tokenizer.ts), generated because no
 * real model can be downloaded where the bench runs. It is written once into the system's
 * temporary folder, under a name hashed from the generators' code and the corpus, so a
 * changed generator writes a new one (and removes the old); it is never committed.
 *
 * `npx tsx bench/e5-shaped-model.ts` writes it (if needed), loads it in ONNX Runtime and
 * prints its sizes, the output's shape and one run's time.
 */

const ROOT = join(tmpdir(), 'soma-bench-e5');
const SEED = 0x5e5;
const MODEL = 'model_quantized.onnx';
const TOKENIZER = 'tokenizer.json';

export interface ShapedModel {
  dir: string;
  modelBytes: number;
  tokenizerBytes: number;
  /** Milliseconds spent writing it, 0 when it was already there. */
  writtenMs: number;
}

function version(notes: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const f of ['e5-shaped-graph.ts', 'e5-shaped-tokenizer.ts', 'e5-shaped-model.ts']) {
    hash.update(readFileSync(join(import.meta.dirname, f)));
  }
  for (const [path, text] of Object.entries(notes)) hash.update(`${path}\0${text.length}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** Writes `data` to `file` by way of a temporary name, so a half-written file is never seen. */
async function writeWhole(file: string, data: Uint8Array | string): Promise<void> {
  const part = `${file}.${process.pid}.part`;
  await writeFile(part, data);
  await rename(part, file);
}

/** The generated model folder, written first when this generator has not written one yet. */
export async function e5ShapedModelDir(): Promise<ShapedModel> {
  const notes = tldrPages();
  const dir = join(ROOT, version(notes));
  const t0 = performance.now();
  let writtenMs = 0;
  if (!existsSync(join(dir, MODEL)) || !existsSync(join(dir, TOKENIZER))) {
    for (const old of await readdir(ROOT).catch(() => [] as string[])) {
      await rm(join(ROOT, old), { recursive: true, force: true });
    }
    await mkdir(dir, { recursive: true });
    await writeWhole(join(dir, TOKENIZER), JSON.stringify(e5ShapedTokenizer(Object.values(notes))));
    await writeWhole(join(dir, MODEL), e5ShapedModel(SEED));
    writtenMs = performance.now() - t0;
  }
  return {
    dir,
    modelBytes: (await stat(join(dir, MODEL))).size,
    tokenizerBytes: (await stat(join(dir, TOKENIZER))).size,
    writtenMs,
  };
}

/** Loads the folder in ONNX Runtime, runs one Spanish text and checks the output. */
async function check(model: ShapedModel): Promise<void> {
  const ort = await import('onnxruntime-node');
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const tokenizer = new Tokenizer(JSON.parse(readFileSync(join(model.dir, TOKENIZER), 'utf8')), {});
  const text =
    'passage: tar › Comprimir\n\nArchiva un directorio en un fichero comprimido con gzip y muestra el progreso.';
  const ids = tokenizer.encode(text).ids;
  const t0 = performance.now();
  const session = await ort.InferenceSession.create(join(model.dir, MODEL), {
    intraOpNumThreads: 1,
  });
  const loadMs = performance.now() - t0;
  const tensor = (f: (id: number) => number) =>
    new ort.Tensor('int64', BigInt64Array.from(ids.map((id) => BigInt(f(id)))), [1, ids.length]);
  const feeds = {
    input_ids: tensor((id) => id),
    attention_mask: tensor(() => 1),
    token_type_ids: tensor(() => 0),
  };
  await session.run(feeds);
  const t1 = performance.now();
  const out = (await session.run(feeds)).last_hidden_state;
  const runMs = performance.now() - t1;
  const data = out?.data as Float32Array | undefined;
  const shape = out?.dims.join('×');
  if (!data || shape !== `1×${ids.length}×${E5_SHAPE.hidden}`)
    throw new Error(`bench e5: salida ${shape}`);
  if (!data.every(Number.isFinite)) throw new Error('bench e5: la salida no es finita');
  process.stdout.write(
    `${model.dir}\n${MODEL} ${model.modelBytes} bytes, ${TOKENIZER} ${model.tokenizerBytes} bytes` +
      `${model.writtenMs ? ` (written in ${Math.round(model.writtenMs)} ms)` : ''}\n` +
      `loaded in ${Math.round(loadMs)} ms; ${ids.length} tokens → last_hidden_state ${shape}, finite; ` +
      `one run ${runMs.toFixed(1)} ms (1 intra-op thread)\n`,
  );
}

if (process.argv[1]?.endsWith('e5-shaped-model.ts')) await check(await e5ShapedModelDir());
