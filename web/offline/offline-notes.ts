import type { Note } from '../../common/api-schemas.ts';
import { stripFrontMatter } from '../../common/front-matter-block.ts';
import { noteName } from '../../common/wikilinks.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { copiedNotes } from '../db/vault-copy-repo.ts';

/**
 * Notes readable offline. The vault sync (web/vault-sync) copies every note into the
 * `notes` store; this adds the notes the user opens, in case the sync has not reached
 * them, and reads them back when the server cannot be reached.
 */

/** Where session closings live in the vault. */
export const CLOSINGS_FOLDER = '02_Conciencia/sesiones/';

/** Keeps an opened note unless the sync already holds this version of it. */
export async function rememberOpenedNote(note: Note): Promise<void> {
  const [known] = await copiedNotes([note.path]);
  if (known?.hash === note.hash) return;
  await updateCachedNotes([{ path: note.path, hash: note.hash, content: note.content }], []);
}

/** A saved copy as a Note: body without front matter, links left unresolved. */
export function noteFromCache(record: CachedNoteRecord): Note {
  return {
    path: record.path,
    name: noteName(record.path),
    content: record.content,
    body: stripFrontMatter(record.content),
    frontMatter: null,
    frontMatterError: null,
    links: [],
    size: record.content.length,
    mtime: 0,
    hash: record.hash,
  };
}

/** The saved copy of one note, or null. */
export async function cachedNote(path: string): Promise<Note | null> {
  const [record] = await copiedNotes([path]).catch(() => []);
  return record ? noteFromCache(record) : null;
}
