import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { speedUpAdds } from './fast-add-term.ts';
import { type IndexSnapshot, restoreIndex, snapshotOf } from './index-snapshot.ts';
import { type NoteDocument, toNoteDocument } from './note-document.ts';
import { toQuery, wordsByTerm } from './note-query.ts';
import type { SearchFilters } from './search-types.ts';
import { analyzeQuery, indexTerms, type QueryWord, words } from './spanish-analyzer.ts';
import type { SynonymTable } from './synonym-table.ts';

/** How many hits one search returns at most. */
export const MAX_HITS = 20;
/** …and only for words this long: fuzzy short words match everything (MEASURED.md). */
const MIN_FUZZY_LENGTH = 4;
/** At most this many words of a short query (one of a longer one) are tried fuzzy: each walks the term tree. */
const MAX_FUZZY_WORDS = 2;
/**
 * Coordination: a note's score is multiplied by the share of the query's
 * words it matches to this power, so notes with all the words come first but
 * a note missing one word of a long question still ranks.
 */
const COORDINATION = 2;
/** Notes with every word that fill the first screen: the partial matches are then not sought. */
const FULL_SCREEN = 10;
/** At most this many words (the rarest) of a query are sought in partial matches. */
const MAX_PARTIAL_WORDS = 4;
/** A word in more than this share of the notes is left out of the search for partial matches. */
const COMMON_SHARE = 0.2;
/** A word's other form or synonym is dropped when in this many times more notes than the word… */
const VARIANT_RATIO = 5;
/** …and in more than this share of the notes (and always above COMMON_SHARE)… */
const VARIANT_FLOOR_SHARE = 0.02;
/** …but never when in this few notes (a small vault). */
const VARIANT_MIN_NOTES = 20;

/** minisearch's term index: term → field id → note id → frequency. */
type TermIndex = { get(term: string): Map<number, Map<number, number>> | undefined };

/** What a note name, alias, tag, lead or heading is worth against the same word in the body. */
const BOOST = { title: 1, aliases: 3, tags: 2.5, lead: 2, headings: 1, body: 1 };
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
  processTerm: (token) => tokenTerms(token),
  // Tags are stored as a list (to filter by) and indexed as words.
  stringifyField: (value) => (Array.isArray(value) ? value.join(' ') : String(value)),
  // Queries arrive already analysed (see `toQuery`): leave their terms alone.
  searchOptions: { tokenize: (term) => [term], processTerm: (term) => term, boost: BOOST },
};

const tokenCache = new Map<string, string[]>();
/** How many distinct tokens are remembered (a vault repeats its vocabulary a lot). */
const TOKEN_CACHE_LIMIT = 100_000;

/**
 * `indexTerms` of a token, remembered by the token as written: indexing calls
 * it for every word of every note, and most are words seen before.
 */
function tokenTerms(token: string): string[] {
  const known = tokenCache.get(token);
  if (known) return known;
  const terms = indexTerms(token);
  if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
  tokenCache.set(token, terms);
  return terms;
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
    const index = new MiniSearch(OPTIONS);
    speedUpAdds(index);
    return new NoteIndex(index);
  }

  /** Revives a saved index (synchronous `loadJSON`: ~15× faster than the async one, MEASURED.md). */
  static fromJSON(json: string): NoteIndex {
    const index = MiniSearch.loadJSON(json, OPTIONS);
    speedUpAdds(index);
    return new NoteIndex(index);
  }

  /** Revives a saved snapshot (what the worker saves: far quicker to read back than JSON). */
  static fromSnapshot(snapshot: IndexSnapshot): NoteIndex {
    const index = restoreIndex(snapshot, OPTIONS);
    speedUpAdds(index);
    return new NoteIndex(index);
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

  snapshot(): IndexSnapshot {
    return snapshotOf(this.index);
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
    const queryWords = this.prune(analyzeQuery(query, synonyms));
    if (queryWords.length === 0) return [];
    const filter = (r: SearchResult) => matchesFilters(r, filters);
    const run = (qw: QueryWord[], combineWith: 'AND' | 'OR', fuzzy: ReadonlySet<number>) =>
      this.index.search(toQuery(qw, combineWith, fuzzy, typing), { filter });
    // Notes with every word come first: when they fill the first screen, the
    // union (thousands of notes for common words) need not be scored.
    const all = run(queryWords, 'AND', new Set());
    if (all.length >= FULL_SCREEN) return top(all, MAX_HITS, () => 1);
    // The rest rank by the share of the rarest words they match: common words
    // (in a large share of the notes) would only add cost, scoring thousands
    // of notes, and barely move the ranking; long questions keep their few
    // rarest words.
    const byFrequency = queryWords
      .map((w) => ({ w, df: this.frequency(w.terms) }))
      .sort((a, b) => a.df - b.df);
    const rare = byFrequency.filter((x) => x.df <= this.size * COMMON_SHARE);
    const partial = (rare.length > 0 ? rare : byFrequency)
      .slice(0, MAX_PARTIAL_WORDS)
      .map((x) => x.w);
    const byTerm = wordsByTerm(partial);
    let some = partial.length > 1 ? run(partial, 'OR', new Set()) : all;
    const found = new Set<number>();
    for (const r of some)
      for (const t of r.queryTerms) for (const i of byTerm.get(t) ?? []) found.add(i);
    const fuzzy = new Set(
      partial
        .map((w, i) => (!found.has(i) && w.word.length >= MIN_FUZZY_LENGTH ? i : -1))
        .filter((i) => i >= 0)
        .slice(0, partial.length > 2 ? 1 : MAX_FUZZY_WORDS),
    );
    // A typo is worth a walk of the term tree when the other words found little.
    if (fuzzy.size > 0 && (some.length < FULL_SCREEN || partial.length <= 2))
      some = run(partial, 'OR', fuzzy);
    const first = top(all, MAX_HITS, () => 1);
    const seen = new Set(first.map((h) => h.path));
    const rest = top(
      some.filter((r) => !seen.has(String(r.id))),
      MAX_HITS - first.length,
      (r) => {
        const matched = new Set<number>();
        for (const t of r.queryTerms) for (const i of byTerm.get(t) ?? []) matched.add(i);
        return (matched.size / partial.length) ** COORDINATION;
      },
    );
    return [...first, ...rest];
  }

  /** In how many notes the commonest of `terms` appears (in one field: an estimate). */
  private frequency(terms: readonly string[]): number {
    // minisearch keeps document frequencies in its protected term index and has no API for them.
    const termIndex = (this.index as unknown as { _index: TermIndex })._index;
    let most = 0;
    for (const term of terms)
      for (const docs of termIndex.get(term)?.values() ?? []) most = Math.max(most, docs.size);
    return most;
  }

  /**
   * Drops a word's other forms and synonyms that are far commoner than the
   * word itself, or in a large share of all notes: `sueno` → `son` is a
   * guess that lands on a function word.
   */
  private prune(queryWords: QueryWord[]): QueryWord[] {
    const floor = this.size * VARIANT_FLOOR_SHARE;
    return queryWords.map((w) => {
      const limit = Math.max(
        Math.min(
          Math.max(this.frequency(w.terms) * VARIANT_RATIO, floor),
          this.size * COMMON_SHARE,
        ),
        VARIANT_MIN_NOTES,
      );
      const keep = (t: string) => this.frequency([t]) <= limit;
      return { ...w, related: w.related.filter(keep), synonyms: w.synonyms.filter(keep) };
    });
  }
}

/** The best `count` of `results`, each score scaled by `coordination`. */
function top(
  results: SearchResult[],
  count: number,
  coordination: (r: SearchResult) => number,
): RankedNote[] {
  const ranked = results.map((r) => {
    // minisearch multiplies by the number of query terms matched; a word's variants would count twice.
    const raw = r.score / Math.max(1, r.queryTerms.length);
    return { r, score: raw * coordination(r) };
  });
  ranked.sort((a, b) => b.score - a.score);
  return ranked.slice(0, count).map(({ r, score }) => ({
    path: String(r.id),
    title: String(r.title),
    folder: String(r.folder),
    tags: (r.tags ?? []) as string[],
    score,
    terms: r.terms,
  }));
}
