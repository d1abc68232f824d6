import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SemanticModel } from '../../harness/embeddings-schema.ts';
import { syncDir } from '../storage/durable-file.ts';
import { toInstallError } from './install-errors.ts';
import { lockModel } from './model-lock.ts';
import { modelFolder, modelsRoot } from './model-source.ts';

/**
 * The folder a model is assembled in before it gets its name: hidden, and with a suffix no
 * model name can end in, so nothing ever mistakes a half-downloaded model for an installed one.
 */
export function stagingFolder(configDir: string, model: Pick<SemanticModel, 'name'>): string {
  return join(modelsRoot(configDir), `.${model.name}.partial`);
}

/** Where a file goes while it arrives; renamed to its `name` once its size and SHA-256 match. */
export const partName = (name: string) => `${name}.part`;

/**
 * Runs an install of `model` holding its lock, with the models folder and the model's staging
 * folder created (0700: the config folder may sit in a shared home). Resolves with `fn`'s result.
 */
export async function withStaging<T>(
  configDir: string,
  model: Pick<SemanticModel, 'name'>,
  fn: (staging: string) => Promise<T>,
): Promise<T> {
  const root = modelsRoot(configDir);
  const staging = stagingFolder(configDir, model);
  try {
    await mkdir(root, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw toInstallError(err, root);
  }
  const release = await lockModel(configDir, model);
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 }).catch((err) => {
      throw toInstallError(err, staging);
    });
    return await fn(staging);
  } finally {
    await release();
  }
}

/**
 * Gives a complete, checked staging folder the model's name in one rename (atomic on one file
 * system), after its entries are on disk. A folder already there under that name failed its
 * check (the caller looked first), so it is removed. Resolves with the installed folder.
 */
export async function commitStaging(
  configDir: string,
  model: Pick<SemanticModel, 'name'>,
): Promise<string> {
  const staging = stagingFolder(configDir, model);
  const target = modelFolder(configDir, model);
  try {
    await syncDir(staging);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    await syncDir(modelsRoot(configDir));
  } catch (err) {
    throw toInstallError(err, target);
  }
  return target;
}
