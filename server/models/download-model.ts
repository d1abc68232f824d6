import { rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelFile, SemanticModel } from '../../harness/embeddings-schema.ts';
import { fetchFile } from './fetch-file.ts';
import { toInstallError } from './install-errors.ts';
import { fileSha256, isModelInstalled, rememberSha256 } from './model-dir.ts';
import {
  type DownloadProgress,
  ModelInstallError,
  modelBytes,
  modelFileUrl,
  modelFolder,
} from './model-source.ts';
import { commitStaging, partName, withStaging } from './model-staging.ts';
import { createProgressMeter, type ProgressMeter } from './progress-meter.ts';

/**
 * How long may a connection stay silent before the download gives up? A CDN on a slow line
 * still sends something every few seconds; a minute of nothing is a dead connection.
 */
export const STALL_TIMEOUT_MS = 60_000;

/** What `downloadModel` needs; `fetch` and `stallTimeoutMs` are there for tests. */
export interface DownloadModelOptions {
  model: SemanticModel;
  configDir: string;
  /** A mirror with the host's layout; replaces the harness's host and mirror. */
  baseUrl?: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  stallTimeoutMs?: number;
}

/**
 * Downloads the model into `<configDir>/models/<name>/` and resolves with that folder. Files
 * arrive as `.part`s in a hidden staging folder (resumed with Range after a cut), each checked
 * by exact size and SHA-256 and synced before the whole folder gets its name in one rename: a
 * half-downloaded model is never found under the model's name. Already installed: resolves at
 * once, with no network. Fails with a `ModelInstallError` (its code says what the user can do).
 */
export async function downloadModel(opts: DownloadModelOptions): Promise<string> {
  const { model, configDir } = opts;
  if (await isModelInstalled(configDir, model)) return modelFolder(configDir, model);
  if (opts.signal?.aborted) throw new ModelInstallError('cancelled');
  return withStaging(configDir, model, async (staging) => {
    // Another process may have finished while this one waited for nothing: look again.
    if (await isModelInstalled(configDir, model)) return modelFolder(configDir, model);
    const meter = createProgressMeter(modelBytes(model), opts.onProgress);
    for (const file of model.files) {
      if (opts.signal?.aborted) throw new ModelInstallError('cancelled');
      const done = join(staging, file.name);
      if (await checkedEarlier(done, file, meter)) continue;
      const part = join(staging, partName(file.name));
      await fetchFile({
        url: modelFileUrl(model, file.path, opts.baseUrl ?? null),
        file,
        part,
        fetch: opts.fetch ?? fetch,
        signal: opts.signal,
        stallTimeoutMs: opts.stallTimeoutMs ?? STALL_TIMEOUT_MS,
        meter,
      });
      await rename(part, done).catch((err) => {
        throw toInstallError(err, done);
      });
      await rememberSha256(done, file.sha256);
    }
    meter.flush();
    const target = await commitStaging(configDir, model);
    for (const file of model.files) await rememberSha256(join(target, file.name), file.sha256);
    return target;
  });
}

/**
 * A file an interrupted attempt already completed and checked in the staging folder counts as
 * done (hashed again only if this process has not seen it); one that fails is removed.
 */
async function checkedEarlier(
  done: string,
  file: ModelFile,
  meter: ProgressMeter,
): Promise<boolean> {
  const info = await stat(done).catch(() => null);
  if (!info) return false;
  if (info.isFile() && info.size === file.bytes) {
    meter.checking(file.name);
    if ((await fileSha256(done, info.size, info.mtimeMs)) === file.sha256) {
      meter.skip(file.name, file.bytes);
      return true;
    }
  }
  await unlink(done).catch(() => undefined);
  return false;
}
