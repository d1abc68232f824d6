import type { Note } from '../../common/api-schemas.ts';
import { copiedNotes } from '../db/vault-copy-repo.ts';
import { toNoteDocument } from '../search/analysis/note-document.ts';
import { searchInWorker } from '../search/worker/search-client.ts';
import { linksToName, mergeRelated, type RelatedNote, relatedQuery } from './related-notes.ts';

/** How many notes that mention a note's name are read to see whether they link to it. */
const BACKLINK_CANDIDATES = 20;

/** Each note's query, made once: the list is searched again at every change to the index. */
const queries = new WeakMap<Note, string | null>();
const queryOf = (note: Note) => {
  let query = queries.get(note);
  if (query === undefined) {
    query = relatedQuery(toNoteDocument(note.path, note.content));
    queries.set(note, query);
  }
  return query;
};

/**
 * Notes related to `note`, all from the browser's copy of the vault: the notes
 * it links to, notes that link to it (among those whose text names it, found
 * by the worker and read from the copy), and notes with alike words (the
 * worker searching its title, tags, headings and top terms). The panel shows no snippets,
 * so none is cut: both queries ask for bare hits.
 */
export async function loadRelated(note: Note): Promise<RelatedNote[]> {
  const linksTo = [...new Set(note.links.flatMap((l) => (l.resolved ? [l.resolved] : [])))];
  const query = queryOf(note);
  const [similar, mentions] = await Promise.all([
    // The note's own vectors rank notes alike too (no server call); the title's words still count.
    searchInWorker(query ?? '', { like: note.path, bare: true }),
    // Notes that name it are found by their words: the first (lexical) answer is enough,
    // and a query vector the server is slow to send (up to the request time-out) holds nothing.
    searchInWorker(note.name, { onRefined: () => undefined, bare: true }),
  ]);
  const candidates = mentions.hits
    .map((h) => h.path)
    .filter((p) => p !== note.path)
    .slice(0, BACKLINK_CANDIDATES);
  const texts = new Map((await copiedNotes(candidates)).map((c) => [c.path, c.content]));
  const linkedFrom = candidates.filter((p) => linksToName(texts.get(p) ?? '', note.name));
  return mergeRelated(note.path, {
    linksTo,
    linkedFrom,
    similar: similar.hits.map((h) => h.path),
  });
}
