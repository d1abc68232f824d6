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
  /**
   * Lower-case hex SHA-256, or null while not pinned: no copy of the model could be had on
   * the machine this was written on (model hubs unreachable), so only the size is checked.
   * Pin it from a verified download.
   */
  sha256: string | null;
}
export interface ModelManifest {
  label: string;
  files: readonly ModelFile[];
}

/**
 * multilingual-e5-small quantised to int8 (Xenova/multilingual-e5-small, `onnx/model_quantized.onnx`
 * and `tokenizer.json`, put side by side in one folder): 384 dimensions, 512 tokens.
 */
export const E5_SMALL_INT8: ModelManifest = {
  label: 'multilingual-e5-small int8',
  files: [
    { name: 'model_quantized.onnx', minBytes: 100_000_000, maxBytes: 140_000_000, sha256: null },
    { name: 'tokenizer.json', minBytes: 5_000_000, maxBytes: 40_000_000, sha256: null },
  ],
};

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of createReadStream(file)) hash.update(part as Buffer);
  return hash.digest('hex');
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
    if (f.sha256 && (await sha256(path)) !== f.sha256) throw invalid('checksum', f.name);
  }
}
