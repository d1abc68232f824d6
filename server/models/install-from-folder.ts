import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelFile, SemanticModel } from '../../harness/embeddings-schema.ts';
import { toInstallError } from './install-errors.ts';
import { isModelInstalled, rememberSha256 } from './model-dir.ts';
import {
  type DownloadProgress,
  ModelInstallError,
  modelBytes,
  modelFolder,
} from './model-source.ts';
import { commitStaging, partName, withStaging } from './model-staging.ts';
import { createProgressMeter, type ProgressMeter } from './progress-meter.ts';

/** What `installModelFromFolder` needs. */
export interface InstallFromFolderOptions {
  model: SemanticModel;
  configDir: string;
  /** The folder the user brought (a USB stick, a download made elsewhere). */
  from: string;
  onProgress?: (p: DownloadProgress) => void;
}

/**
 * «Usar una carpeta»: installs the model from files the user already has. Each file is looked
 * for in `from` by its `name` or by its path in the repository, checked by size, then copied
 * into the staging folder while hashed (one read) and checked by SHA-256; the complete folder
 * gets its name in one rename, as a download does. Resolves with the installed folder.
 */
export async function installModelFromFolder(opts: InstallFromFolderOptions): Promise<string> {
  const { model, configDir, from } = opts;
  const folder = await stat(from).catch(() => null);
  if (!folder?.isDirectory()) throw new ModelInstallError('not_a_folder', { dir: from });
  const sources = new Map<string, string>();
  for (const file of model.files) sources.set(file.name, await locate(from, file));
  if (await isModelInstalled(configDir, model)) return modelFolder(configDir, model);
  return withStaging(configDir, model, async (staging) => {
    const meter = createProgressMeter(modelBytes(model), opts.onProgress);
    for (const file of model.files) {
      const done = join(staging, file.name);
      await copyChecked(
        sources.get(file.name) ?? '',
        join(staging, partName(file.name)),
        file,
        meter,
      );
      await rename(join(staging, partName(file.name)), done).catch((err) => {
        throw toInstallError(err, done);
      });
    }
    meter.flush();
    const target = await commitStaging(configDir, model);
    for (const file of model.files) await rememberSha256(join(target, file.name), file.sha256);
    return target;
  });
}

/** The file in `from` by its name, else by its repository path; of the pinned size. */
async function locate(from: string, file: ModelFile): Promise<string> {
  for (const candidate of [join(from, file.name), join(from, ...file.path.split('/'))]) {
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile()) continue;
    if (info.size !== file.bytes) {
      throw new ModelInstallError('size', {
        file: file.name,
        bytes: info.size,
        expected: file.bytes,
      });
    }
    return candidate;
  }
  throw new ModelInstallError('missing', { file: file.name });
}

/** Copies `source` to `part`, hashing what is read; a wrong SHA-256 removes the copy. */
async function copyChecked(source: string, part: string, file: ModelFile, meter: ProgressMeter) {
  const hash = createHash('sha256');
  const fh = await open(part, 'w', 0o600).catch((err) => {
    throw toInstallError(err, part);
  });
  meter.skip(file.name, 0);
  try {
    for await (const chunk of createReadStream(source)) {
      hash.update(chunk as Buffer);
      await fh.write(chunk as Buffer);
      meter.add(file.name, (chunk as Buffer).byteLength);
    }
    await fh.sync();
  } catch (err) {
    await unlink(part).catch(() => undefined);
    throw toInstallError(err, part);
  } finally {
    await fh.close().catch(() => undefined);
  }
  meter.checking(file.name);
  if (hash.digest('hex') !== file.sha256) {
    await unlink(part).catch(() => undefined);
    throw new ModelInstallError('checksum', { file: file.name });
  }
}
