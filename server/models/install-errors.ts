import { ModelInstallError } from './model-source.ts';

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const NOT_WRITABLE = new Set(['EACCES', 'EROFS', 'EPERM']);

/**
 * A file-system failure as the install error the user can act on (free space, fix the
 * folder's permissions); anything else is not expected and is rethrown as it is.
 */
export function toInstallError(err: unknown, path: string): unknown {
  if (err instanceof ModelInstallError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && DISK_FULL.has(code)) return new ModelInstallError('disk_full', { path });
  if (code && NOT_WRITABLE.has(code)) return new ModelInstallError('not_writable', { path });
  return err;
}
