import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import { type NoteDocument, toNoteDocument } from './note-document.ts';
import type { SearchFilters } from './search-types.ts';
import { analyzeQuery, indexTerms, type QueryWord, words } from './spanish-analyzer.ts';
import type { SynonymTable } from './synonym-table.ts';

/** How many hits one search returns at most. */
export const MAX_HITS = 20;
/** Fuzzy matching allows one edit per five letters… */
const FUZZY = 0.2;
/** …and only for words this long: fuzzy short words match everything (MEASURED.md). */
const MIN_FUZZY_LENGTH = 4;
/** At most this many words of one query are tried fuzzy: each costs a walk of the term tree. */
const MAX_FUZZY_WORDS = 3;

/** What a note name, alias, tag, lead or heading is worth against the same word in the body. */
const BOOST = { title: 4, aliases: 3, tags: 2.5, lead: 2.5, headings: 2, body: 1 };
/** What a match on another form of a word (`cierra` for `cerrar`) is worth against the word itself. */
const RELATED_WEIGHT = 0.8;
/** What a match on a synonym from the user's table is worth against the word itself. */
const SYNONYM_WEIGHT = 0.5;
/**
 * Coordination: a note's score is multiplied by the share of the query's
 * words it matches to this power, so notes with all the words come first but
 * a note missing one word of a long question still ranks.
 */
const COORDINATION = 2;

type Stored = Pick<NoteDocument, 'title' | 'folder' | 'tags'>;

/** A ranked match before its snippet is cut: the note and the index terms it matched. */
export interface RankedNote extends Stored {
  path: string;
  score: number;
  terms: string[];
}

const OPTIONS: Options<NoteDocument> = {
  idField: 'path',
  fields: ['title', 'aliases', 'tags', 'lead', 'headings', 'body'],
  storeFields: ['title', 'folder', 'tags'],
  tokenize: (text) => words(text),
  processTerm: (token) => indexTerms(token),
  // Tags are stored as a list (to filter by) and indexed as words.
  stringifyField: (value) => (Array.isArray(value) ? value.join(' ') : String(value)),
  // Queries arrive already analysed (see `toQuery`): leave their terms alone.
  searchOptions: { tokenize: (term) => [term], processTerm: (term) => term, boost: BOOST },
};

/**
 * One OR per query word (the word, its other forms, its synonyms), all ORed:
 * coordination is applied afterwards. `fuzzy` holds the words tried with typos.
 */
function toQuery(queryWords: QueryWord[], fuzzy: ReadonlySet<number>, typing: boolean): Query {
  return {
    combineWith: 'OR',
    queries: queryWords.map((w, i) => {
      const parts: Query[] = [
        {
          combineWith: 'OR',
          queries: w.terms,
          prefix: typing && i === queryWords.length - 1,
          fuzzy: fuzzy.has(i) ? FUZZY : false,
        },
      ];
      if (w.related.length > 0)
        parts.push({ combineWith: 'OR', queries: w.related, boostTerm: () => RELATED_WEIGHT });
      if (w.synonyms.length > 0)
        parts.push({ combineWith: 'OR', queries: w.synonyms, boostTerm: () => SYNONYM_WEIGHT });
      return { combineWith: 'OR', queries: parts };
    }),
  };
}

/** query term → the indexes of the query words it stands for. */
function wordsByTerm(queryWords: QueryWord[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  queryWords.forEach((w, i) => {
    for (const t of [...w.terms, ...w.related, ...w.synonyms]) {
      const list = map.get(t) ?? [];
      if (!list.includes(i)) list.push(i);
      map.set(t, list);
    }
  });
  return map;
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
   * Ranked notes for `query`: notes matching all its meaningful words first
   * (stemmed, folded, other forms and synonyms weighing less), then those
   * matching most of them (coordination). A word no note has is retried with
   * typos (fuzzy matching is what makes the slow tail, MEASURED.md, so only
   * then, and for a few words). `typing` lets the last word match as a prefix.
   */
  search(
    query: string,
    filters: SearchFilters = {},
    typing = true,
    synonyms?: SynonymTable,
  ): RankedNote[] {
    const queryWords = analyzeQuery(query, synonyms);
    if (queryWords.length === 0) return [];
    const filter = (r: SearchResult) => matchesFilters(r, filters);
    const byTerm = wordsByTerm(queryWords);
    let results = this.index.search(toQuery(queryWords, new Set(), typing), { filter });
    const found = new Set<number>();
    for (const r of results)
      for (const t of r.queryTerms) for (const i of byTerm.get(t) ?? []) found.add(i);
    const fuzzy = new Set(
      queryWords
        .map((w, i) => (!found.has(i) && w.word.length >= MIN_FUZZY_LENGTH ? i : -1))
        .filter((i) => i >= 0)
        .slice(0, MAX_FUZZY_WORDS),
    );
    if (fuzzy.size > 0) results = this.index.search(toQuery(queryWords, fuzzy, typing), { filter });
    const ranked = results.map((r) => {
      const matched = new Set<number>();
      for (const t of r.queryTerms) for (const i of byTerm.get(t) ?? []) matched.add(i);
      // minisearch multiplies by the number of query terms matched; variants would count twice.
      const raw = r.score / Math.max(1, r.queryTerms.length);
      return { r, score: raw * (matched.size / queryWords.length) ** COORDINATION };
    });
    ranked.sort((a, b) => b.score - a.score);
    return ranked.slice(0, MAX_HITS).map(({ r, score }) => ({
      path: String(r.id),
      title: String(r.title),
      folder: String(r.folder),
      tags: (r.tags ?? []) as string[],
      score,
      terms: r.terms,
    }));
  }
}
