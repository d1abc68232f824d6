import type MiniSearch from 'minisearch';
import { isStopWord, type QueryWord } from '../../../common/spanish/spanish-analyzer.ts';
import { LazyTermData } from '../index/lazy-term-data.ts';
import { internalsOf } from '../index/minisearch-internals.ts';

/**
 * What a query's plan needs from the index: how many notes hold a term, and
 * which terms complete a word being typed. Scoring a word costs a pass over
 * every note that holds it, so the plan keeps the words and forms worth it.
 */

/** At most this many words (the rarest) of a query are scored. */
const MAX_QUERY_WORDS = 6;
/** A word in more than this share of the notes is left out of a query that has rarer words… */
const COMMON_SHARE = 0.2;
/** …and never when in this few notes: scoring them is cheap, and a small vault needs them. */
const COMMON_MIN_NOTES = 200;
/** A word's other form or synonym is dropped when in this many times more notes than the word… */
const VARIANT_RATIO = 5;
/** …and in more than this share of the notes (and always above COMMON_SHARE)… */
const VARIANT_FLOOR_SHARE = 0.02;
/** …but never when in this few notes (a small vault). */
const VARIANT_MIN_NOTES = 20;
/**
 * A synonym from the user's table is no guess: it is kept however much
 * commoner than the word (`fichero` → `archivo`; it weighs less than the
 * word, and BM25 weighs a common term less still), unless in more than this
 * share of the notes, where scoring it costs a pass over most of the vault.
 */
const SYNONYM_SHARE = 0.5;

/** A word being typed matches at most this many of the terms it starts… */
const MAX_COMPLETIONS = 20;
/** …picked (shortest first) among at most this many. */
const MAX_SCANNED_COMPLETIONS = 2_000;

/** Term statistics read from a minisearch index (which has no API for them). */
export class TermStats {
  constructor(private readonly index: MiniSearch<never>) {}

  get size(): number {
    return this.index.documentCount;
  }

  /** In how many notes the commonest of `terms` appears (in one field: an estimate). */
  frequency(terms: readonly string[]): number {
    // minisearch keeps document frequencies in its protected term index and has no API for them.
    const termIndex = internalsOf(this.index)._index;
    let most = 0;
    for (const term of terms) {
      const data = termIndex.get(term);
      // Counted from a term's bytes when it is still encoded: no decoding only to count.
      if (data instanceof LazyTermData) most = Math.max(most, data.largestField());
      else for (const docs of data?.values() ?? []) most = Math.max(most, docs.size);
    }
    return most;
  }

  /**
   * The index terms that start with `typed` (a word still being typed), the
   * shortest first, while the notes they are in add up to no more than a
   * common word's: `ver` would otherwise expand to every `verano`, `verdad`,
   * `verde`… and each costs a pass over its notes.
   */
  completions(typed: string): string[] {
    const termIndex = internalsOf(this.index)._index;
    const found: string[] = [];
    for (const term of termIndex.atPrefix(typed).keys()) {
      found.push(term);
      if (found.length >= MAX_SCANNED_COMPLETIONS) break;
    }
    found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const budget = Math.max(this.size * COMMON_SHARE, COMMON_MIN_NOTES);
    const kept: string[] = [];
    let notes = 0;
    for (const term of found.slice(0, MAX_COMPLETIONS)) {
      notes += this.frequency([term]);
      if (notes > budget && kept.length > 0) break;
      kept.push(term);
    }
    return kept;
  }
}

/**
 * The words worth scoring, rarest first, with the number of notes each is
 * in. Scoring a word costs a pass over every note that has it, so words in
 * a large share of the notes (which cannot single a note out, and barely
 * move BM25) are left out unless nothing rarer is left; a question keeps
 * its few rarest words. A question of stop-words only (`¿qué es la nada?`)
 * keeps those not in a large share, or none: they would rank every note.
 */
export function choose(queryWords: QueryWord[], stats: TermStats): { w: QueryWord; df: number }[] {
  const common = Math.max(stats.size * COMMON_SHARE, COMMON_MIN_NOTES);
  const byFrequency = queryWords
    .map((w) => ({ w, df: stats.frequency(w.terms) }))
    .sort((a, b) => a.df - b.df);
  const rare = byFrequency.filter((x) => x.df <= common);
  if (queryWords.every((w) => isStopWord(w.word))) return rare.slice(0, MAX_QUERY_WORDS);
  return (rare.length > 0 ? rare : byFrequency.slice(0, 1)).slice(0, MAX_QUERY_WORDS);
}

/**
 * Drops a word's other forms that are far commoner than the word itself, or
 * in a large share of all notes: `sueno` → `son` is a guess that lands on a
 * function word. Synonyms are the user's own words: dropped only when in
 * most notes.
 */
export function prune(queryWords: QueryWord[], stats: TermStats): QueryWord[] {
  const floor = stats.size * VARIANT_FLOOR_SHARE;
  const ceiling = Math.max(stats.size * SYNONYM_SHARE, VARIANT_MIN_NOTES);
  const rareEnough = (t: string) => stats.frequency([t]) <= ceiling;
  return queryWords.map((w) => {
    const limit = Math.max(
      Math.min(
        Math.max(stats.frequency(w.terms) * VARIANT_RATIO, floor),
        stats.size * COMMON_SHARE,
      ),
      VARIANT_MIN_NOTES,
    );
    const keep = (t: string) => stats.frequency([t]) <= limit;
    return { ...w, related: w.related.filter(keep), synonyms: w.synonyms.filter(rareEnough) };
  });
}
