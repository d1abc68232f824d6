import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbedError } from './embedder.ts';

/** A file a model folder must hold: its name, a plausible size range, and its checksum. */
export interface ModelFile {
  name: string;
  minBytes: number;
  maxBytes: number;
  /** Lower-case hex SHA-256, or null to check only the size (test manifests). */
  sha256: string | null;
}
export interface ModelManifest {
  label: string;
  files: readonly ModelFile[];
}

/**
 * multilingual-e5-small quantised to int8 (Xenova/multilingual-e5-small, `onnx/model_quantized.onnx`
 * and `tokenizer.json`, put side by side in one folder): 384 dimensions, 512 tokens. The
 * checksums are the ones Hugging Face publishes for those files (the Git LFS / Xet pointer's
 * SHA-256: 118 MB and 17.1 MB); README «Búsqueda semántica» tells how to check a download.
 */
export const E5_SMALL_INT8: ModelManifest = {
  label: 'multilingual-e5-small int8',
  files: [
    {
      name: 'model_quantized.onnx',
      minBytes: 100_000_000,
      maxBytes: 140_000_000,
      sha256: 'f80102d3f2a1229f387d3c81909990d8945513e347b0eab049f7de3c6f98c193',
    },
    {
      name: 'tokenizer.json',
      minBytes: 5_000_000,
      maxBytes: 40_000_000,
      sha256: '0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39',
    },
  ],
};

/** Hashes already computed, by path, size and mtime: a file is hashed once per start. */
const hashed = new Map<string, string>();

/**
 * A file's SHA-256, streamed (118 MB must not block the event loop) and cached while the
 * file keeps its size and mtime.
 */
export async function fileSha256(file: string, size: number, mtimeMs: number): Promise<string> {
  const key = `${file}\0${size}\0${mtimeMs}`;
  const known = hashed.get(key);
  if (known) return known;
  const hash = createHash('sha256');
  for await (const part of createReadStream(file)) hash.update(part as Buffer);
  const hex = hash.digest('hex');
  hashed.set(key, hex);
  return hex;
}

/** Checks a model folder against a manifest; `model_dir_invalid` names the first problem. */
export async function checkModelDir(dir: string, manifest: ModelManifest): Promise<void> {
  const invalid = (problem: string, file: string, extra: Record<string, string | number> = {}) =>
    new EmbedError(
      {
        code: 'model_dir_invalid',
        params: { dir, file, problem, model: manifest.label, ...extra },
      },
      false,
    );
  const folder = await stat(dir).catch(() => null);
  if (!folder?.isDirectory()) throw invalid('not_a_folder', '');
  for (const f of manifest.files) {
    const path = join(dir, f.name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw invalid('missing', f.name);
    if (info.size < f.minBytes || info.size > f.maxBytes) {
      throw invalid('size', f.name, { bytes: info.size, min: f.minBytes, max: f.maxBytes });
    }
    if (f.sha256 && (await fileSha256(path, info.size, info.mtimeMs)) !== f.sha256) {
      throw invalid('checksum', f.name);
    }
  }
}
