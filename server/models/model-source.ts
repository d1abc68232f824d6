import { join } from 'node:path';
import type { SemanticModel } from '../../harness/embeddings-schema.ts';

/**
 * Where a downloadable model comes from and where it goes: the harness's `semanticModel`
 * names a repository pinned to a commit and its files; each file's URL is
 * `<mirror or host>/<repo>/resolve/<revision>/<path>`, and the checked files end up side
 * by side in `<configDir>/models/<name>/`, never in the vault.
 */

/** The folder every installed model lives under. */
export function modelsRoot(configDir: string): string {
  return join(configDir, 'models');
}

/** The folder a model is installed into (only complete, checked folders ever get this name). */
export function modelFolder(configDir: string, model: Pick<SemanticModel, 'name'>): string {
  return join(modelsRoot(configDir), model.name);
}

/** The URL one file is downloaded from; `baseUrl` (a mirror) replaces the harness's host and mirror. */
export function modelFileUrl(
  model: Pick<SemanticModel, 'host' | 'mirror' | 'repo' | 'revision'>,
  path: string,
  baseUrl: string | null = null,
): string {
  const base = (baseUrl ?? model.mirror ?? model.host).replace(/\/+$/, '');
  return `${base}/${model.repo}/resolve/${model.revision}/${path}`;
}

/** Bytes a model's files take once downloaded. */
export function modelBytes(model: Pick<SemanticModel, 'files'>): number {
  return model.files.reduce((sum, f) => sum + f.bytes, 0);
}

/** Why a model could not be installed; the panel and `npm run model` word it from the code. */
export type ModelInstallCode =
  /** No answer from the host (no network, DNS, refused, reset, timed out). */
  | 'network'
  /** The host answered with an HTTP error (params.status: 404, 403, 500…). */
  | 'http_status'
  /** A file's size is not the one the harness pins (truncated, or another file). */
  | 'size'
  /** A file's SHA-256 is not the one the harness pins (altered or another revision). */
  | 'checksum'
  /** The disk (or the config folder's quota) is full. */
  | 'disk_full'
  /** The config folder cannot be written (permissions). */
  | 'not_writable'
  /** A download or install of this model is already running. */
  | 'busy'
  /** The user cancelled. */
  | 'cancelled'
  /** «Usar una carpeta»: the path is not a folder, or a file is missing from it. */
  | 'not_a_folder'
  | 'missing';

/** An expected failure installing a model, with what the UI needs to word it. */
export class ModelInstallError extends Error {
  constructor(
    readonly code: ModelInstallCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'ModelInstallError';
  }
}

/** Progress of a download, reported a few times a second. */
export interface DownloadProgress {
  /** The file being fetched now (its `name`). */
  file: string;
  /** Bytes of all files, and how many are on disk (resumed bytes count as done). */
  totalBytes: number;
  doneBytes: number;
  /** Measured over the last few seconds; 0 before the first measurement. */
  bytesPerSecond: number;
  /** At that rate; null while unknown. */
  secondsLeft: number | null;
  /** `downloading`, then `checking` while the SHA-256 of a complete file is computed. */
  phase: 'downloading' | 'checking';
}
