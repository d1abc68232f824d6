import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { assertSingleLink, invalidPath, resolveInVault } from './vault-path.ts';

/** A vault path's file as it is now on disk. */
export type CurrentFile =
  | { rel: string; exists: false }
  | { rel: string; exists: true; text: string; hash: string; bytes: Buffer };

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Reads the file at `input` through the vault's path module (400 invalid_path for
 * anything it refuses). A folder at that path is refused too: no file can go there; so is
 * a file with other hard links, which no write may reach.
 */
export async function readCurrent(root: string, input: string): Promise<CurrentFile> {
  const { rel, abs } = await resolveInVault(root, input);
  if (rel === '') invalidPath('no_file_name', 'falta el archivo');
  const info = await stat(abs).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    if (err.code === 'ENOTDIR') {
      invalidPath('parent_is_file', `una carpeta de «${rel}» es un archivo`, { path: rel });
    }
    throw err;
  });
  if (!info) return { rel, exists: false };
  if (!info.isFile()) {
    invalidPath('not_a_file', `«${rel}» no es un archivo`, { path: rel });
  }
  assertSingleLink(rel, info);
  const bytes = await readFile(abs);
  return { rel, exists: true, text: bytes.toString('utf8'), hash: sha256Hex(bytes), bytes };
}

/**
 * The bytes that append `line` to a file whose last byte is `last` (null: empty or
 * missing): the line and its newline, after a newline of its own when the file does not
 * end in one (a line cut by a crash, or a note edited by hand). The cut line stays as it
 * is for the reader to skip, and the new one is never glued onto it.
 */
export function lineBytes(last: number | null, line: string): Buffer {
  const own = last !== null && last !== NEWLINE ? '\n' : '';
  return Buffer.from(`${own}${line}\n`, 'utf8');
}

const NEWLINE = 0x0a;
