import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelFile, SemanticModel } from '../../harness/embeddings-schema.ts';
import { ModelInstallError, modelFolder } from './model-source.ts';

/** Hashes already computed, by path, size and mtime: a 118 MB file is hashed once per start. */
const hashed = new Map<string, string>();
const hashKey = (file: string, size: number, mtimeMs: number) => `${file}\0${size}\0${mtimeMs}`;

/**
 * A file's SHA-256, streamed (118 MB read at once would block the event loop and lexical
 * search with it) and cached while the file keeps its path, size and mtime.
 */
export async function fileSha256(file: string, size: number, mtimeMs: number): Promise<string> {
  const key = hashKey(file, size, mtimeMs);
  const known = hashed.get(key);
  if (known) return known;
  const hash = createHash('sha256');
  for await (const part of createReadStream(file)) hash.update(part as Buffer);
  const hex = hash.digest('hex');
  hashed.set(key, hex);
  return hex;
}

/**
 * Records a hash computed while the file was written (a download hashes as it goes), so the
 * first check after an install does not read the file a second time.
 */
export async function rememberSha256(file: string, sha256: string): Promise<void> {
  const info = await stat(file);
  hashed.set(hashKey(file, info.size, info.mtimeMs), sha256);
}

/**
 * Checks a model folder: each file present, of its exact size (cheap, first), then of its
 * SHA-256. Throws `ModelInstallError` with `not_a_folder`, `missing`, `size` or `checksum`,
 * naming the first file at fault in `params.file`.
 */
export async function checkModelDir(dir: string, files: readonly ModelFile[]): Promise<void> {
  const folder = await stat(dir).catch(() => null);
  if (!folder?.isDirectory()) throw new ModelInstallError('not_a_folder', { dir });
  for (const f of files) {
    const path = join(dir, f.name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new ModelInstallError('missing', { file: f.name });
    if (info.size !== f.bytes) {
      throw new ModelInstallError('size', { file: f.name, bytes: info.size, expected: f.bytes });
    }
    if ((await fileSha256(path, info.size, info.mtimeMs)) !== f.sha256) {
      throw new ModelInstallError('checksum', { file: f.name });
    }
  }
}

/** True when `<configDir>/models/<name>/` holds every file of the model, checked. */
export async function isModelInstalled(
  configDir: string,
  model: Pick<SemanticModel, 'name' | 'files'>,
): Promise<boolean> {
  try {
    await checkModelDir(modelFolder(configDir, model), model.files);
    return true;
  } catch (err) {
    if (err instanceof ModelInstallError) return false;
    throw err;
  }
}
