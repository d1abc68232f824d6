import type MiniSearch from 'minisearch';
import type { Query, SearchOptions } from 'minisearch';
import {
  internalsOf,
  type MiniSearchInternals,
  type TermData,
} from '../index/minisearch-internals.ts';
import { type Level, type Scratch, scratchFor } from './score-scratch.ts';
import { addTermScores, markHolders } from './term-postings.ts';

/**
 * minisearch's `search`, reimplemented over its own index for the queries
 * `toQuery` builds, with the same arithmetic in the same order, so scores and
 * ties come out bit for bit as minisearch's (query-scores.test.ts compares
 * them). minisearch builds an object per note per term, merges them through
 * Maps, then a result object per note and a sort of all of them: for a word
 * in thousands of notes that was most of a query's time. Here one pass adds
 * into typed arrays and only the best `k` notes become objects.
 * Supported: OR at every level, AND at the root only, fuzzy, boostTerm; not
 * prefix or boostDocument (toQuery uses neither; they throw).
 */

type Node = string | { combineWith?: string; queries: Node[] };
type Options = Record<string, unknown>;
type Internals = MiniSearchInternals<unknown>;
type Cutter = Pick<Internals['_options'], 'tokenize' | 'processTerm'>;
/** What a term's scoring reads: the index's search options under the query's own. */
type SpecOptions = SearchOptions & {
  weights?: { fuzzy?: number };
  bm25: { k: number; b: number; d: number };
  maxFuzzy: number;
};

/** One of the best notes: its id, stored fields, scaled score and matched index terms. */
export interface ScoredNote {
  id: unknown;
  stored: Record<string, unknown>;
  score: number;
  terms: string[];
}

/** True when a note scored `score` (minisearch's `sq`) ranks before `other` met earlier. */
const beats = (score: number, sq: number, other: { score: number; sq: number }) =>
  score > other.score || (score === other.score && sq > other.sq);

/** The scores of one query over every note it matches; `top` turns the best into hits. */
export class QueryScores {
  private readonly m: Internals;
  private readonly s: Scratch;
  private readonly termIds = new Map<string, number>();
  /**
   * Index terms scored (exact and fuzzy), to tell a shown note which of them
   * it holds, each with the number of the query term it was scored for.
   */
  private readonly scored: [string, TermData, number][] = [];
  /** The query's results: the level its root node fills. */
  private get root(): Level {
    return this.level(0);
  }

  /**
   * Scores `query` (as `index.search(query)` would). `termBits` gives each
   * query term's bits, OR-ed per note (which query words a note matched).
   */
  constructor(
    index: MiniSearch<never>,
    query: Query,
    private readonly accept?: (stored: Record<string, unknown>) => boolean,
    private readonly termBits: (term: string) => number = () => 0,
  ) {
    this.m = internalsOf(index);
    const size = this.m._nextId;
    if (typeof query === 'symbol') throw new Error('QueryScores: no wildcard');
    const leaves = new Set<string>();
    const { tokenize, processTerm, searchOptions } = this.m._options;
    const collect = (node: Node) => {
      if (typeof node !== 'string') node.queries.forEach(collect);
      else
        for (const t of termsOf(node, { tokenize, processTerm, ...searchOptions })) leaves.add(t);
    };
    collect(query as Node);
    this.s = scratchFor(index, size);
    this.s.take(this, leaves.size);
    const { combineWith } = query as { combineWith?: string };
    this.evaluate(query as Node, {}, 0, combineWith?.toUpperCase() === 'AND');
  }

  private level(depth: number): Level {
    return this.s.level(depth);
  }

  /** The notes matched that pass the filter, in minisearch's result order (before its sort). */
  private accepted(): Int32Array {
    if (this.s.owner !== this) throw new Error('QueryScores: a later query took its arrays');
    if (this.kept) return this.kept;
    const { list, n } = this.root;
    const accept = this.accept;
    if (!accept) {
      this.kept = list.subarray(0, n);
      return this.kept;
    }
    const kept = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const d = list[i] as number;
      if (accept(this.m._storedFields.get(d) ?? {})) kept[count++] = d;
    }
    this.kept = kept.subarray(0, count);
    return this.kept;
  }
  private kept: Int32Array | undefined;

  /** How many notes matched (and pass the filter). */
  get size(): number {
    return this.accepted().length;
  }

  /** The caller's bits (`termBits`) of every term some matched note holds. */
  get found(): number {
    const notes = this.accepted();
    const bits = this.s.bits;
    let found = 0;
    for (let i = 0; i < notes.length; i++) found |= bits[notes[i] as number] as number;
    return found;
  }

  /**
   * The best `count` notes, each score scaled by `factor` of its bits, in the
   * order minisearch's sort and then a stable sort by the scaled score give
   * (ties: minisearch's score, then its Map order). `ceiling`, when the
   * caller knows one, bounds `factor` (scores are never negative).
   */
  top(
    count: number,
    factor: (bits: number) => number,
    ceiling = Number.POSITIVE_INFINITY,
  ): ScoredNote[] {
    const notes = this.accepted();
    const { termCount, bits } = this.s;
    // A short sorted list: count is tens, matched notes are thousands.
    const best: { d: number; sq: number; score: number }[] = [];
    const scores = this.root.score;
    for (let i = 0; i < notes.length; i++) {
      const d = notes[i] as number;
      const q = (termCount[d] as number) || 1;
      // minisearch multiplies by the number of query terms matched; the ranking divides it out again.
      const sq = (scores[d] as number) * q;
      const unscaled = sq / Math.max(1, q);
      const last = best[best.length - 1];
      // factor ≤ ceiling: a note that cannot reach the last of a full list is not scaled at all.
      if (best.length === count && last && unscaled * ceiling < last.score) continue;
      const score = unscaled * factor(bits[d] as number);
      if (best.length === count && last && (score < last.score || !beats(score, sq, last)))
        continue;
      let at = best.length;
      while (at > 0 && beats(score, sq, best[at - 1]!)) at--;
      best.splice(at, 0, { d, sq, score });
      if (best.length > count) best.pop();
    }
    const terms = this.termsOf(best.map((x) => x.d));
    return best.map(({ d, score }, i) => ({
      id: this.m._documentIds.get(d),
      stored: this.m._storedFields.get(d) ?? {},
      score,
      terms: terms[i]!,
    }));
  }

  /** The index terms (exact or fuzzy) each of `docs` holds, in the order scored: what its snippet marks. */
  private termsOf(docs: readonly number[]): string[][] {
    const terms = docs.map((): string[] => []);
    const { termMask, words } = this.s;
    // The index terms scored for each query term: when only one was, every note
    // the query term reached holds it, and its postings need not be read.
    const derivedOf = new Map<number, Set<string>>();
    for (const [term, , id] of this.scored) {
      const known = derivedOf.get(id);
      if (known) known.add(term);
      else derivedOf.set(id, new Set([term]));
    }
    const holds = new Uint8Array(docs.length);
    const reached = new Map<number, number>();
    for (const [term, data, id] of this.scored) {
      // A note holding `term` was counted for its query term (spec's mask covers every
      // note it reached): the postings of the terms no shown note reached go unread.
      reached.clear();
      docs.forEach((doc, i) => {
        const masked = (termMask[doc * words + (id >> 5)] as number) & (1 << (id & 31));
        if (masked !== 0 && !terms[i]!.includes(term)) reached.set(doc, i);
      });
      if (reached.size === 0) continue;
      if (derivedOf.get(id)!.size === 1) {
        for (const i of reached.values()) terms[i]!.push(term);
        continue;
      }
      holds.fill(0);
      markHolders(data, this.m._options.fields.length, reached, holds);
      for (const i of reached.values()) if (holds[i] === 1) terms[i]!.push(term);
    }
    return terms;
  }

  /** minisearch's executeQuery: `node`'s results into the level at `depth`. */
  private evaluate(node: Node, inherited: Options, depth: number, and = false): void {
    if (typeof node !== 'string') {
      const options = { ...inherited, ...node, queries: undefined } as Options;
      const combine = String(options.combineWith ?? 'OR').toUpperCase();
      if (combine !== 'OR' && !(and && combine === 'AND')) {
        throw new Error(`QueryScores: ${combine} only at the root`);
      }
      node.queries.forEach((child, i) => {
        this.evaluate(child as Node, options, depth + 1);
        this.s.fold(depth, and && i > 0);
      });
      return;
    }
    const { tokenize, processTerm, searchOptions } = this.m._options;
    const options = { tokenize, processTerm, ...searchOptions, ...inherited } as SpecOptions &
      Cutter;
    if (options.prefix || options.boostDocument) throw new Error('QueryScores: no prefix');
    const terms = termsOf(node, options);
    const at = terms.length === 1 ? depth : depth + 1;
    terms.forEach((term, i) => {
      const fuzzy =
        typeof options.fuzzy === 'function'
          ? options.fuzzy(term, i, terms)
          : (options.fuzzy ?? false);
      const boost = typeof options.boostTerm === 'function' ? options.boostTerm(term, i, terms) : 1;
      this.spec(term, fuzzy, boost, options, this.level(at));
      if (at !== depth) this.s.fold(depth, false);
    });
  }

  /** Scores one index term into `how.into`, remembering it for the shown notes' `terms`. */
  private termResults(
    id: number,
    derived: string,
    termWeight: number,
    termBoost: number,
    data: TermData,
    how: Parameters<typeof addTermScores>[5],
  ): void {
    this.scored.push([derived, data, id]);
    addTermScores(this.m, derived, termWeight, termBoost, data, how);
  }

  /** minisearch's executeQuerySpec: one term, exact then within `fuzzy` edits. */
  private spec(
    term: string,
    fuzzy: boolean | number,
    termBoost: number,
    options: SpecOptions,
    into: Level,
  ): void {
    const fields = (options.fields ?? this.m._options.fields) as string[];
    const boosts = fields.map((f) => options.boost?.[f] || 1);
    const id = this.termIds.get(term) ?? this.termIds.size;
    this.termIds.set(term, id);
    const bits = this.termBits(term);
    const data = this.m._index.get(term);
    const score = { fields, boosts, bm25: options.bm25, into };
    if (data) this.termResults(id, term, 1, termBoost, data, score);
    if (fuzzy) {
      const f = fuzzy === true ? 0.2 : fuzzy;
      const max = f < 1 ? Math.min(options.maxFuzzy, Math.round(term.length * f)) : f;
      const weight = options.weights?.fuzzy ?? 0.45;
      if (max) {
        for (const [derived, [data, distance]] of this.m._index.fuzzyGet(term, max)) {
          if (!distance) continue;
          const w = (weight * derived.length) / (derived.length + distance);
          this.termResults(id, derived, w, termBoost, data, score);
        }
      }
    }
    // Every note this term reached: one more distinct term (minisearch's `queryTerms`).
    const word = id >> 5;
    const bit = 1 << (id & 31);
    const { termMask, termCount, bits: noteBits, touched, words } = this.s;
    for (let i = 0; i < into.n; i++) {
      const d = into.list[i] as number;
      const at = d * words + word;
      if (((termMask[at] as number) & bit) !== 0) continue;
      termMask[at] = (termMask[at] as number) | bit;
      if (termCount[d] === 0) touched[this.s.touchedCount++] = d;
      termCount[d] = (termCount[d] as number) + 1;
      noteBits[d] = (noteBits[d] as number) | bits;
    }
  }
}

/** A query string's terms, as minisearch's executeQuery cuts them (the search's tokenizer and processing). */
function termsOf(text: string, options: Cutter): string[] {
  return options
    .tokenize(text)
    .flatMap((t) => options.processTerm(t) || [])
    .filter((t) => !!t);
}
