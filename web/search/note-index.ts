import MiniSearch from 'minisearch';
import { noteName } from '../../common/wikilinks.ts';
import { foldTerm, snippetFor } from './fold-term.ts';
import type { IndexedNote, SearchHit } from './search-types.ts';

/** How many hits one search shows at most. */
const MAX_HITS = 20;

/**
 * A plain full-text index over note contents (loaded lazily: minisearch stays
 * out of the first page). A later step replaces it with a worker-based,
 * Spanish-aware index behind the same `search` function.
 */
export function buildNoteIndex(notes: readonly IndexedNote[]) {
  const contents = new Map(notes.map((n) => [n.path, n.content]));
  const index = new MiniSearch<IndexedNote & { title: string }>({
    idField: 'path',
    fields: ['title', 'content'],
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 }, combineWith: 'AND' },
  });
  index.addAll(notes.map((n) => ({ ...n, title: noteName(n.path) })));
  return {
    search(query: string): SearchHit[] {
      return index
        .search(query)
        .slice(0, MAX_HITS)
        .map((r) => {
          const path = String(r.id);
          const snippet = snippetFor(contents.get(path) ?? '', [...r.terms, ...r.queryTerms]);
          return { path, title: noteName(path), snippet, score: r.score };
        });
    },
  };
}

export type NoteIndex = ReturnType<typeof buildNoteIndex>;
