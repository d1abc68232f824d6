import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalize } from '../../common/vector-codec.ts';
import type { OnnxEmbedderConfig } from '../../harness/embeddings-schema.ts';
import { checkVectors, type Embedder, EmbedError, type EmbedPurpose } from './embedder.ts';
import { checkModelDir, E5_SMALL_INT8, type ModelManifest } from './model-dir.ts';

/**
 * An in-process ONNX model (multilingual-e5-small int8 by default) from a folder the user
 * downloaded once. onnxruntime-node and @huggingface/tokenizers are optional: imported
 * only here, only when the harness names kind `onnx`, and a missing one is a status code
 * with the install command, not a crash. The runtime runs the model off the event loop
 * (an async native call on one intra-op thread, leaving a core for chat); tokenising is
 * JavaScript and short.
 */

/** onnxruntime-node needs its CUDA download skipped to install on a CPU-only machine. */
export const ONNX_INSTALL = 'ONNXRUNTIME_NODE_INSTALL_CUDA=skip npm i -E onnxruntime-node@1.30.0';
export const TOKENIZER_INSTALL = 'npm i -E @huggingface/tokenizers@0.2.0';

/** The parts of onnxruntime-node used here. */
interface Ort {
  InferenceSession: { create(path: string, opts: object): Promise<OrtSession> };
  Tensor: new (type: 'int64', data: BigInt64Array, dims: number[]) => unknown;
}
interface OrtSession {
  inputNames: readonly string[];
  run(
    feeds: Record<string, unknown>,
  ): Promise<Record<string, { data: Float32Array; dims: readonly number[] }>>;
}
interface HfTokenizer {
  encode(text: string): { ids: number[]; attention_mask?: number[] };
}

/** Imports an optional package by a name the bundler and tsc leave alone. */
async function optional<T>(
  name: string,
  code: 'onnx_runtime_missing' | 'tokenizer_missing',
  install: string,
): Promise<T> {
  try {
    const mod = await import(name);
    return (mod.default ?? mod) as T;
  } catch {
    throw new EmbedError({ code, params: { install } }, false);
  }
}

/** Mean of the token vectors the attention mask keeps (e5's pooling), one row per text. */
function meanPool(
  out: { data: Float32Array; dims: readonly number[] },
  masks: number[][],
): Float32Array[] {
  const [batch = 0, len = 0, dims = 0] = out.dims;
  const rows: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const v = new Float32Array(dims);
    let n = 0;
    for (let t = 0; t < len; t++) {
      if (!masks[b]?.[t]) continue;
      n++;
      const at = (b * len + t) * dims;
      for (let d = 0; d < dims; d++) v[d] = (v[d] as number) + (out.data[at + d] as number);
    }
    for (let d = 0; d < dims; d++) v[d] = (v[d] as number) / Math.max(1, n);
    rows.push(normalize(v));
  }
  return rows;
}

export async function createOnnxEmbedder(
  config: OnnxEmbedderConfig,
  manifest: ModelManifest = E5_SMALL_INT8,
): Promise<Embedder> {
  await checkModelDir(config.modelDir, manifest);
  const ort = await optional<Ort>('onnxruntime-node', 'onnx_runtime_missing', ONNX_INSTALL);
  const { Tokenizer } = await optional<{
    Tokenizer: new (json: object, cfg: object) => HfTokenizer;
  }>('@huggingface/tokenizers', 'tokenizer_missing', TOKENIZER_INSTALL);
  const modelFile = manifest.files[0]?.name ?? 'model_quantized.onnx';
  const readJson = async (name: string) =>
    JSON.parse(await readFile(join(config.modelDir, name), 'utf8').catch(() => '{}'));
  let tokenizer: HfTokenizer;
  let session: OrtSession;
  try {
    tokenizer = new Tokenizer(
      await readJson('tokenizer.json'),
      await readJson('tokenizer_config.json'),
    );
    session = await ort.InferenceSession.create(join(config.modelDir, modelFile), {
      intraOpNumThreads: 1,
    });
  } catch (err) {
    throw new EmbedError(
      { code: 'model_failed', params: { reason: String(err).slice(0, 200) } },
      false,
    );
  }
  return {
    kind: 'onnx',
    model: `onnx:${manifest.label}`,
    dimensions: config.dimensions,
    batchSize: config.batchSize,
    local: true,
    endpoint: null,
    async embed(texts: string[], purpose: EmbedPurpose) {
      const prefix = purpose === 'query' ? config.queryPrefix : config.documentPrefix;
      const encoded = texts.map((t) => {
        const ids = tokenizer.encode(prefix + t).ids;
        // Keep the closing special token when cutting to the model's length.
        return ids.length <= config.maxTokens
          ? ids
          : [...ids.slice(0, config.maxTokens - 1), ids.at(-1) ?? 0];
      });
      const len = Math.max(1, ...encoded.map((ids) => ids.length));
      const tensor = (fill: (ids: number[], t: number) => number) => {
        const data = new BigInt64Array(texts.length * len);
        encoded.forEach((ids, b) => {
          for (let t = 0; t < len; t++) data[b * len + t] = BigInt(fill(ids, t));
        });
        return new ort.Tensor('int64', data, [texts.length, len]);
      };
      const masks = encoded.map((ids) =>
        Array.from({ length: len }, (_, t) => (t < ids.length ? 1 : 0)),
      );
      const feeds: Record<string, unknown> = {
        input_ids: tensor((ids, t) => ids[t] ?? 0),
        attention_mask: tensor((ids, t) => (t < ids.length ? 1 : 0)),
      };
      if (session.inputNames.includes('token_type_ids')) feeds.token_type_ids = tensor(() => 0);
      let out: Awaited<ReturnType<OrtSession['run']>>;
      try {
        out = await session.run(feeds);
      } catch (err) {
        throw new EmbedError(
          { code: 'model_failed', params: { reason: String(err).slice(0, 200) } },
          false,
        );
      }
      const hidden = out.last_hidden_state ?? Object.values(out)[0];
      if (!hidden)
        throw new EmbedError({ code: 'model_failed', params: { reason: 'no output' } }, false);
      return checkVectors(
        meanPool(hidden, masks).map((v) => [...v]),
        texts.length,
        config.dimensions,
      );
    },
  };
}
