import MiniSearch, { type Options } from 'minisearch';
import { foldText as foldTerm } from '../../../common/fold-text.ts';
import {
  indexTerms,
  isStopWord,
  words,
  wordText,
} from '../../../common/spanish/spanish-analyzer.ts';
import { type AnalyzedDocs, NoteAnalyzer } from '../analysis/note-analysis.ts';
import { type NoteDocument, toNoteDocument } from '../analysis/note-document.ts';
import { speedUpAdds } from '../index/fast-add-term.ts';
import { type IndexSnapshot, restoreIndex, snapshotOf } from '../index/index-snapshot.ts';
import { internalsOf } from '../index/minisearch-internals.ts';
import { PostingBuffer } from '../index/posting-buffer.ts';
import { toQuery, wordsByTerm } from './note-query.ts';
import { choose, prune, TermStats } from './query-plan.ts';
import { QueryScores, type ScoredNote } from './query-scores.ts';
import { analyzeQueryWords } from './query-words.ts';
import type { SearchFilters } from './search-types.ts';
import type { SynonymTable } from './synonym-table.ts';
import { fieldLengths } from './term-postings.ts';

/** How many hits one search returns at most. */
export const MAX_HITS = 20;
/** …and only for words this long: fuzzy short words match everything (docs/FACTS.md). */
const MIN_FUZZY_LENGTH = 4;
/** At most this many words of a short query (one of a longer one) are tried fuzzy: each walks the term tree. */
const MAX_FUZZY_WORDS = 2;
/**
 * Coordination: a note's score is multiplied by the share of the query's
 * weight it matches to this power, so notes with all the words come first but
 * a note missing one word of a long question still ranks.
 */
const COORDINATION = 2;
/** A stem this long completes like the word as typed (shorter ones start too many words). */
const MIN_STEM_PREFIX = 4;
/** Enough hits to fill the first screen: a word no note has is then not retried with typos. */
const FULL_SCREEN = 10;
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

function matchesFilters(result: Record<string, unknown>, filters: SearchFilters): boolean {
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
  /** New notes' postings, filed in batches (see PostingBuffer); settled before any read or removal. */
  private readonly added: PostingBuffer<NoteDocument>;

  private constructor(private readonly index: MiniSearch<NoteDocument>) {
    this.added = new PostingBuffer(index, speedUpAdds(index), wordText);
  }

  static empty(): NoteIndex {
    return new NoteIndex(new MiniSearch(OPTIONS));
  }

  /** Revives a saved index (synchronous `loadJSON`: ~15× faster than the async one, docs/FACTS.md). */
  static fromJSON(json: string): NoteIndex {
    return new NoteIndex(MiniSearch.loadJSON(json, OPTIONS));
  }

  /** Revives a saved snapshot (what the worker saves: far quicker to read back than JSON). */
  static fromSnapshot(snapshot: IndexSnapshot): NoteIndex {
    const index = new NoteIndex(restoreIndex(snapshot, OPTIONS));
    index.prepared();
    return index;
  }

  /**
   * Arrays every query reads (each note's field lengths), made when the index
   * comes to rest (revived, or snapshotted after changes) rather than by the
   * next query: kept up to date after that at the cost of what changed.
   */
  private prepared(): void {
    fieldLengths(internalsOf(this.index));
  }

  /** Files the postings of the notes added so far: every reader of the index calls it first. */
  private settled(): MiniSearch<NoteDocument> {
    this.added.flush();
    return this.index;
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** Up to `n` notes' titles, spread evenly over the index (warm-up questions). */
  someTitles(n: number): string[] {
    const stored = internalsOf(this.index)._storedFields;
    const step = Math.max(1, Math.floor(stored.size / n));
    const out: string[] = [];
    let i = 0;
    for (const fields of stored.values()) {
      if (out.length >= n) break;
      if (i++ % step === 0 && fields?.title) out.push(String(fields.title));
    }
    return out;
  }

  has(path: string): boolean {
    return this.index.has(path);
  }

  /**
   * Adds a note, or replaces the one already indexed under its path: the old version is
   * discarded (its postings dropped as queries and vacuuming meet them) and the new one
   * filed like any added note, so that the words it shares with other notes stay encoded.
   * Minisearch's own `replace` adds through its Maps, decoding every such word's postings:
   * one note of a 10k vault, saved by another editor, took the search worker 80–190 ms.
   */
  upsert(path: string, content: string): void {
    const doc = toNoteDocument(path, content);
    if (this.index.has(path)) this.settled().discard(path);
    this.added.add(doc);
  }

  /**
   * Adds notes analysed by `noteAnalyzer()` number `source` (none of them
   * indexed yet), in the order that analyzer answered.
   */
  addAnalyzed(analyzed: AnalyzedDocs, source: number): void {
    this.added.addAnalyzed(analyzed, source);
  }

  remove(path: string): void {
    if (this.index.has(path)) this.settled().discard(path);
  }

  toJSON(): string {
    return JSON.stringify(this.settled());
  }

  snapshot(): IndexSnapshot {
    const taken = snapshotOf(this.settled());
    this.prepared();
    return taken;
  }

  /**
   * Ranked notes for `query`: BM25 over the note's fields (stemmed, folded,
   * other forms and synonyms weighing less), times coordination: the share of
   * the query's weight (each word weighs its rarity, IDF) a note matches,
   * squared. A note missing a rare word drops far, one missing a word half the
   * notes have barely moves. A word no note has is retried with typos (fuzzy
   * matching is what makes the slow tail, docs/FACTS.md, so only then, and for a
   * few words). `typing` lets the last word match as a prefix.
   */
  search(
    query: string,
    filters: SearchFilters = {},
    typing = true,
    synonyms?: SynonymTable,
  ): RankedNote[] {
    const stats = new TermStats(this.settled());
    const analyzed = prune(analyzeQueryWords(query, synonyms), stats);
    const chosen = choose(analyzed, stats);
    if (chosen.length === 0) return [];
    const queryWords = chosen.map((c) => c.w);
    // Only the word still being typed is a prefix: not one before a stop-word (`tortilla con`).
    const typed = analyzed.at(-1);
    const prefix =
      typing && typed && typed.word === words(query).at(-1) && !isStopWord(typed.word)
        ? queryWords.indexOf(typed)
        : -1;
    if (prefix >= 0) {
      const w = queryWords[prefix]!;
      const known = new Set([...w.terms, ...w.related, ...w.synonyms]);
      // The word as typed, and its stems when long enough to say which word it is
      // (`guitara` → `guit`: the completion `guitarr` forgives the typo without
      // a fuzzy walk; `solo` → `sol` would reach `soledad`).
      const starts = new Set([
        foldTerm(w.word),
        ...w.terms.filter((t) => t.length >= MIN_STEM_PREFIX),
      ]);
      const more = [...new Set([...starts].flatMap((t) => stats.completions(t)))].filter(
        (t) => !known.has(t),
      );
      queryWords[prefix] = { ...w, related: [...w.related, ...more] };
    }
    const filter =
      filters.folder || filters.tag
        ? (stored: Record<string, unknown>) => matchesFilters(stored, filters)
        : undefined;
    // Which query words a note matched, as a bit mask (a query has at most MAX_QUERY_WORDS).
    const bitsByTerm = new Map<string, number>();
    for (const [term, list] of wordsByTerm(queryWords))
      bitsByTerm.set(
        term,
        list.reduce((bits, i) => bits | (1 << i), 0),
      );
    const termBits = (term: string) => bitsByTerm.get(term) ?? 0;
    const run = (fuzzy: ReadonlySet<number>, combineWith: 'AND' | 'OR' = 'OR') =>
      new QueryScores(
        this.index as MiniSearch<never>,
        toQuery(queryWords, combineWith, fuzzy),
        filter,
        termBits,
      );
    // A short query of common words (`copia de seguridad`): when enough notes are
    // likely to hold every word, those fill the screen, and the union of
    // thousands of notes need not be built and sorted.
    const together = chosen.reduce((n, c) => (n * c.df) / stats.size, stats.size);
    if (chosen.length > 1 && together >= 2 * FULL_SCREEN) {
      const all = run(new Set(), 'AND');
      if (all.size >= FULL_SCREEN) return ranked(all.top(MAX_HITS, () => 1, 1));
    }
    let results = run(new Set());
    const found = results.found;
    const fuzzy = new Set(
      queryWords
        .map((w, i) => (!(found & (1 << i)) && w.word.length >= MIN_FUZZY_LENGTH ? i : -1))
        .filter((i) => i >= 0)
        .slice(0, queryWords.length > 2 ? 1 : MAX_FUZZY_WORDS),
    );
    // A typo is worth a walk of the term tree when the other words found little.
    if (fuzzy.size > 0 && (results.size < FULL_SCREEN || queryWords.length <= 2))
      results = run(fuzzy);
    // A word's weight: its rarity, so that the words that single a note out count most.
    const weights = chosen.map((c) => Math.log(1 + stats.size / (1 + c.df)));
    const total = weights.reduce((a, b) => a + b, 0);
    const coordination = new Map<number, number>();
    return ranked(
      results.top(
        MAX_HITS,
        (bits) => {
          let factor = coordination.get(bits);
          if (factor === undefined) {
            const share = weights.reduce((sum, w, i) => (bits & (1 << i) ? sum + w : sum), 0);
            factor = (share / total) ** COORDINATION;
            coordination.set(bits, factor);
          }
          return factor;
          // A share of the total weight: never above 1 (floating sums of a subset stay ≤ the whole's).
        },
        1,
      ),
    );
  }
}

/** An analyzer of notes for any NoteIndex (in the search worker, or one of its own). */
export function noteAnalyzer(): NoteAnalyzer<NoteDocument> {
  return new NoteAnalyzer(internalsOf(new MiniSearch(OPTIONS))._options, wordText);
}

/** Scored notes as the search returns them. */
function ranked(notes: ScoredNote[]): RankedNote[] {
  return notes.map((n) => ({
    path: String(n.id),
    title: String(n.stored.title),
    folder: String(n.stored.folder),
    tags: (n.stored.tags ?? []) as string[],
    score: n.score,
    terms: n.terms,
  }));
}
