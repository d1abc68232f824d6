import { open, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SemanticModel } from '../../harness/embeddings-schema.ts';
import { ModelInstallError, modelsRoot } from './model-source.ts';

/** Models being installed by this process, by folder name. */
const held = new Set<string>();

/** The lock of one model: its file holds the pid of the process installing it. */
export function lockPath(configDir: string, model: Pick<SemanticModel, 'name'>): string {
  return join(modelsRoot(configDir), `.${model.name}.lock`);
}

/** Whether a pid names a live process (EPERM: alive, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How old may a lock without a pid be? One being written this instant reads empty. */
const EMPTY_LOCK_GRACE_MS = 10_000;

/** A lock is stale when its process is gone, or it never got a pid (a crash while writing it). */
async function stale(file: string, pid: number): Promise<boolean> {
  if (Number.isInteger(pid) && pid > 0) return pid === process.pid || !alive(pid);
  const info = await stat(file).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs > EMPTY_LOCK_GRACE_MS;
}

/**
 * Takes the model's install lock, within this process (a second click) and across processes
 * (`npm run model` while the server downloads): a lock file created exclusively with our pid.
 * A lock whose process is gone (a crash, a kill -9) is stale and taken over. Throws `busy`.
 * The models folder must exist. Resolves with the release function.
 */
export async function lockModel(
  configDir: string,
  model: Pick<SemanticModel, 'name'>,
): Promise<() => Promise<void>> {
  // Checked and set before any await: two calls in the same tick cannot both pass.
  if (held.has(model.name)) throw new ModelInstallError('busy', { model: model.name });
  held.add(model.name);
  const file = lockPath(configDir, model);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const fh = await open(file, 'wx', 0o600);
        await fh.writeFile(String(process.pid));
        await fh.close();
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (attempt === 0 && (await stale(file, pid))) {
        await unlink(file).catch(() => undefined);
        continue;
      }
      throw new ModelInstallError('busy', { model: model.name, ...(pid > 0 ? { pid } : {}) });
    }
  } catch (err) {
    held.delete(model.name);
    throw err;
  }
  return async () => {
    await unlink(file).catch(() => undefined);
    held.delete(model.name);
  };
}
