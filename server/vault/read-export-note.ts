import { createHash } from 'node:crypto';
import { readFile, realpath, type Stats, stat } from 'node:fs';
import type { NoteContent } from '../../common/chat-schemas.ts';
import { isInsideRealRoot } from './vault-path.ts';
import { classifyBytes } from './vault-scan.ts';

const statOf = (abs: string) =>
  new Promise<Stats | null>((resolve) => stat(abs, (err, st) => resolve(err ? null : st)));
const realOf = (abs: string) =>
  new Promise<string | null>((resolve) =>
    realpath.native(abs, (err, real) => resolve(err ? null : real)),
  );
const bytesOf = (abs: string) =>
  new Promise<Buffer | null>((resolve) =>
    readFile(abs, (err, bytes) => resolve(err ? null : bytes)),
  );

/**
 * One note of the export (GET /api/vault/export), read fresh from disk: null when it is
 * gone, not a regular file, out of the vault through a symlink, too large or no longer
 * a note. The same checks as `assertRealPathInside` + `classifyFile`, in fewer calls:
 * the real root is resolved once per export, and the callback forms of stat, realpath
 * and readFile cost a third of the promise ones' time per note (10,000 notes: 2.3 s →
 * 0.8 s of a busy event loop on the reference machine). Stat before reading, as
 * classifyFile does, so a FIFO is never opened; the size is checked again on the bytes.
 */
export async function readExportNote(
  realRoot: string,
  rel: string,
  abs: string,
  maxNoteBytes: number,
): Promise<NoteContent | null> {
  const [real, st] = await Promise.all([realOf(abs), statOf(abs)]);
  if (!real || !isInsideRealRoot(realRoot, real)) return null;
  if (!st?.isFile() || st.size > maxNoteBytes) return null;
  const bytes = await bytesOf(abs);
  if (!bytes || bytes.length > maxNoteBytes) return null;
  const { kind, text } = classifyBytes(bytes, true);
  if (kind !== 'note' || text === null) return null;
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { path: rel, content: text, hash, mtime: st.mtimeMs, size: bytes.length };
}
