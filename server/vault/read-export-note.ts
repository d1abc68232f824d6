import type { NoteContent } from '../../common/chat-schemas.ts';
import { classifyFileSync } from './vault-scan.ts';

/**
 * One note of the export (GET /api/vault/export), read fresh from disk: null when it is
 * gone, not a regular file, out of the vault through a symlink, too large or no longer
 * a note. classifyFile's checks with the real root resolved once per export (not
 * `assertRealPathInside`'s per note); the real path it checks is the one it opens.
 */
export function readExportNote(
  realRoot: string,
  rel: string,
  abs: string,
  maxNoteBytes: number,
): NoteContent | null {
  const read = classifyFileSync(abs, maxNoteBytes, { withText: true, realRoot });
  if (read?.entry.kind !== 'note' || read.text === null) return null;
  const { hash, mtime, size } = read.entry;
  return { path: rel, content: read.text, hash, mtime, size };
}
