import type { NoteContent } from '../../common/chat-schemas.ts';
import { classifyFileSync } from './vault-scan.ts';

/**
 * A note as the export sends it: its text as the UTF-8 bytes read from disk (checked to
 * be UTF-8, a leading BOM dropped as TextDecoder drops it), written into the line
 * undecoded (json-string-bytes.ts).
 */
export type ExportNote = Omit<NoteContent, 'content'> & { utf8: Uint8Array };

/** The UTF-8 byte order mark, which the text of a note never starts with. */
const BOM = [0xef, 0xbb, 0xbf];

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
): ExportNote | null {
  const read = classifyFileSync(abs, maxNoteBytes, { withBytes: true, realRoot });
  if (read?.entry.kind !== 'note' || !read.bytes) return null;
  const { hash, mtime, size } = read.entry;
  const bytes = read.bytes;
  const bom = BOM.every((b, i) => bytes[i] === b);
  return { path: rel, utf8: bom ? bytes.subarray(BOM.length) : bytes, hash, mtime, size };
}
