import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import { type NoteDocument, toNoteDocument } from './note-document.ts';
import type { SearchFilters } from './search-types.ts';
import { analyzeQuery, indexTerms, type QueryWord, words } from './spanish-analyzer.ts';

/** How many hits one search returns at most. */
export const MAX_HITS = 20;
/** Fuzzy matching allows one edit per five letters… */
const FUZZY = 0.2;
/** …and only for words this long: fuzzy short words match everything (MEASURED.md). */
const MIN_FUZZY_LENGTH = 4;

/** What a note name, alias, tag or heading is worth against the same word in the body. */
const BOOST = { title: 4, aliases: 3, tags: 2.5, headings: 2, body: 1 };

type Stored = Pick<NoteDocument, 'title' | 'folder' | 'tags'>;

/** A ranked match before its snippet is cut: the note and the index terms it matched. */
export interface RankedNote extends Stored {
  path: string;
  score: number;
  terms: string[];
}

const OPTIONS: Options<NoteDocument> = {
  idField: 'path',
  fields: ['title', 'aliases', 'tags', 'headings', 'body'],
  storeFields: ['title', 'folder', 'tags'],
  tokenize: (text) => words(text),
  processTerm: (token) => indexTerms(token),
  // Tags are stored as a list (to filter by) and indexed as words.
  stringifyField: (value) => (Array.isArray(value) ? value.join(' ') : String(value)),
  // Queries arrive already analysed (see `toQuery`): leave their terms alone.
  searchOptions: { tokenize: (term) => [term], processTerm: (term) => term, boost: BOOST },
};

/** How a query is tried, in order, until one finds something: fuzzy only when exact fails. */
const ATTEMPTS = [
  { combineWith: 'AND', fuzzy: false },
  { combineWith: 'AND', fuzzy: true },
  { combineWith: 'OR', fuzzy: true },
] as const;

/** One OR per query word (its variants), combined; the last word may still be being typed. */
function toQuery(
  queryWords: QueryWord[],
  attempt: (typeof ATTEMPTS)[number],
  typing: boolean,
): Query {
  return {
    combineWith: attempt.combineWith,
    queries: queryWords.map((w, i) => ({
      combineWith: 'OR',
      queries: w.terms,
      prefix: typing && i === queryWords.length - 1,
      fuzzy: attempt.fuzzy && w.word.length >= MIN_FUZZY_LENGTH ? FUZZY : false,
    })),
  };
}

function matchesFilters(result: SearchResult, filters: SearchFilters): boolean {
  const folder = String(result.folder ?? '');
  if (filters.folder && folder !== filters.folder && !folder.startsWith(`${filters.folder}/`)) {
    return false;
  }
  if (filters.tag) {
    const want = filters.tag.normalize('NFC').toLowerCase();
    const tags = (result.tags ?? []) as string[];
    if (!tags.some((t) => t.toLowerCase() === want)) return false;
  }
  return true;
}

/** minisearch over notes with the Spanish analyzer; the same code runs in the worker and in Node. */
export class NoteIndex {
  private constructor(private readonly index: MiniSearch<NoteDocument>) {}

  static empty(): NoteIndex {
    return new NoteIndex(new MiniSearch(OPTIONS));
  }

  /** Revives a saved index (synchronous `loadJSON`: ~15× faster than the async one, MEASURED.md). */
  static fromJSON(json: string): NoteIndex {
    return new NoteIndex(MiniSearch.loadJSON(json, OPTIONS));
  }

  get size(): number {
    return this.index.documentCount;
  }

  has(path: string): boolean {
    return this.index.has(path);
  }

  /** Adds a note, or replaces the one already indexed under its path. */
  upsert(path: string, content: string): void {
    const doc = toNoteDocument(path, content);
    if (this.index.has(path)) this.index.replace(doc);
    else this.index.add(doc);
  }

  remove(path: string): void {
    if (this.index.has(path)) this.index.discard(path);
  }

  toJSON(): string {
    return JSON.stringify(this.index);
  }

  /**
   * Ranked notes for `query`: every meaningful word must match (stemmed,
   * folded); typos are tried only when that finds nothing (fuzzy matching is
   * what makes the slow tail, MEASURED.md); when no note has them all, notes
   * with most of them come first.
   * `typing` lets the last word match as a prefix (results as you type).
   */
  search(query: string, filters: SearchFilters = {}, typing = true): RankedNote[] {
    const queryWords = analyzeQuery(query);
    if (queryWords.length === 0) return [];
    const filter = (r: SearchResult) => matchesFilters(r, filters);
    let results: SearchResult[] = [];
    for (const attempt of ATTEMPTS) {
      if (attempt.combineWith === 'OR' && queryWords.length === 1) break;
      results = this.index.search(toQuery(queryWords, attempt, typing), { filter });
      if (results.length > 0) break;
    }
    return results.slice(0, MAX_HITS).map((r) => ({
      path: String(r.id),
      title: String(r.title),
      folder: String(r.folder),
      tags: (r.tags ?? []) as string[],
      score: r.score,
      terms: r.terms,
    }));
  }
}
