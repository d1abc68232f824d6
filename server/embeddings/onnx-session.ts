import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Tokenizer } from '@huggingface/tokenizers';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { normalize } from '../../common/vector-codec.ts';
import { compactUnigram } from './compact-unigram.ts';
import { EmbedError, type EmbedPurpose } from './embedder.ts';
import { lengthBatches } from './length-batches.ts';
import type { OnnxWorkerData } from './onnx-protocol.ts';

/**
 * The model itself, run inside the ONNX worker: tokenise, run the encoder on runs of
 * similar length, mean-pool under the attention mask and normalise (e5's pooling).
 */

/**
 * Both packages install with SOMA (`.npmrc` keeps onnxruntime-node from fetching CUDA); a
 * copy without them (node_modules from another checkout, `npm ci --omit` of some kind) gets
 * them back from the lock file. onnxruntime-node ships binaries for Linux, macOS and
 * Windows on x64 and arm64: elsewhere it cannot load at all, and the status says so.
 */
export const ONNX_INSTALL = 'npm ci';
export const TOKENIZER_INSTALL = 'npm ci';
/** The file the model folder holds (multilingual-e5-small's int8 export is named so). */
export const MODEL_FILE = 'model_quantized.onnx';

type Ort = typeof import('onnxruntime-node');

/** Imports a package the worker needs; a platform without it gets a code and the install command. */
export async function importOrExplain<T>(
  importer: () => Promise<T>,
  code: 'onnx_runtime_missing' | 'tokenizer_missing',
  install: string,
): Promise<T> {
  try {
    return await importer();
  } catch {
    throw new EmbedError({ code, params: { install } }, false);
  }
}

/** A model failure as the status shows it. */
export function modelFailed(err: unknown): EmbedError {
  return new EmbedError(
    { code: 'model_failed', params: { reason: String(err).slice(0, 200) } },
    false,
  );
}

/**
 * Session options for a background job on a 2-core laptop beside a browser: the thread
 * budget inside each operator, one operator at a time. The CPU arena is off because it
 * keeps the largest run's memory for the session's life (and grows in powers of two);
 * memory patterns are off because they are cached per input shape and every run here has
 * another length. Both cost some speed; memory is what this machine lacks.
 */
export function sessionOptions(threads: number): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
    enableMemPattern: false,
    logSeverityLevel: 3,
  };
}

/** Cuts to `max` tokens, keeping the closing special token the model was trained to see. */
export function truncateIds(ids: readonly number[], max: number): readonly number[] {
  return ids.length <= max ? ids : [...ids.slice(0, max - 1), ids.at(-1) ?? 0];
}

/** A loaded model: embeds texts, and changes its thread budget between calls. */
export interface OnnxModel {
  /** `beforeRun` is awaited before each run of similar length: other work may go there. */
  embed(
    texts: readonly string[],
    purpose: EmbedPurpose,
    beforeRun?: () => Promise<void>,
  ): Promise<Float32Array<ArrayBuffer>[]>;
  setThreads(threads: number): Promise<void>;
}

export async function loadOnnxModel(data: OnnxWorkerData): Promise<OnnxModel> {
  const ort: Ort = await importOrExplain(
    () => import('onnxruntime-node'),
    'onnx_runtime_missing',
    ONNX_INSTALL,
  );
  const { Tokenizer: TokenizerClass } = await importOrExplain(
    () => import('@huggingface/tokenizers'),
    'tokenizer_missing',
    TOKENIZER_INSTALL,
  );
  const modelPath = join(data.modelDir, MODEL_FILE);
  const readJson = async (name: string, fallback: string) =>
    JSON.parse(await readFile(join(data.modelDir, name), 'utf8').catch(() => fallback));
  let tokenizer: Tokenizer;
  let session: InferenceSession;
  try {
    tokenizer = new TokenizerClass(
      await readJson('tokenizer.json', 'null'),
      await readJson('tokenizer_config.json', '{}'),
    );
    compactUnigram(tokenizer);
    // The library's trie and the parsed JSON are garbage now (most of the tokenizer's heap):
    // collected before the session allocates, the model reuses those pages instead of
    // adding its own (`npm start` runs node with --expose-gc, which reaches workers too).
    (globalThis as { gc?: () => void }).gc?.();
    session = await ort.InferenceSession.create(modelPath, sessionOptions(data.threads));
  } catch (err) {
    throw modelFailed(err);
  }

  /** One run: tensors padded to the run's longest, then the pooled vector of each text. */
  async function run(
    encoded: readonly (readonly number[])[],
  ): Promise<Float32Array<ArrayBuffer>[]> {
    const len = Math.max(...encoded.map((ids) => ids.length));
    const ids = new BigInt64Array(encoded.length * len);
    const mask = new BigInt64Array(encoded.length * len);
    encoded.forEach((row, b) => {
      row.forEach((id, t) => {
        ids[b * len + t] = BigInt(id);
        mask[b * len + t] = 1n;
      });
    });
    const dims = [encoded.length, len];
    const feeds: Record<string, Tensor> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
    };
    if (session.inputNames.includes('token_type_ids')) {
      feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(ids.length), dims);
    }
    const out = await session.run(feeds);
    const hidden = out.last_hidden_state ?? Object.values(out)[0];
    if (!hidden || !(hidden.data instanceof Float32Array) || hidden.dims.length !== 3) {
      throw new Error('no float last_hidden_state [batch, sequence, dimensions]');
    }
    const width = hidden.dims[2] as number;
    return encoded.map((row, b) =>
      meanPool(hidden.data as Float32Array, b, len, row.length, width),
    );
  }

  return {
    async embed(texts, purpose, beforeRun) {
      const prefix = purpose === 'query' ? data.queryPrefix : data.documentPrefix;
      const encoded = texts.map((t) =>
        truncateIds(tokenizer.encode(prefix + t).ids, data.maxTokens),
      );
      const vectors: Float32Array<ArrayBuffer>[] = new Array(texts.length);
      try {
        for (const indices of lengthBatches(encoded.map((ids) => ids.length))) {
          await beforeRun?.();
          const pooled = await run(indices.map((i) => encoded[i] as readonly number[]));
          indices.forEach((i, k) => {
            vectors[i] = pooled[k] as Float32Array<ArrayBuffer>;
          });
        }
      } catch (err) {
        throw modelFailed(err);
      }
      return vectors;
    },
    async setThreads(threads) {
      // The old session goes first: two copies of a 118 MB model at once is what this avoids.
      await session.release();
      session = await ort.InferenceSession.create(modelPath, sessionOptions(threads));
    },
  };
}

/**
 * e5's pooling for one text of a run: the mean of its first `tokens` rows (the ones its
 * attention mask keeps), L2-normalised. Sums in float64 so that long texts lose nothing.
 */
function meanPool(
  data: Float32Array,
  b: number,
  len: number,
  tokens: number,
  width: number,
): Float32Array<ArrayBuffer> {
  const sum = new Float64Array(width);
  for (let t = 0; t < tokens; t++) {
    const at = (b * len + t) * width;
    for (let d = 0; d < width; d++) sum[d] = (sum[d] as number) + (data[at + d] as number);
  }
  const v = new Float32Array(width);
  for (let d = 0; d < width; d++) v[d] = (sum[d] as number) / Math.max(1, tokens);
  normalize(v);
  return v;
}
