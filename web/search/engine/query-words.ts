import {
  analyzeQuery,
  isStopWord,
  type QueryWord,
  type SynonymExpander,
  words,
} from '../../../common/spanish/spanish-analyzer.ts';

/** How many words' analyses are kept per synonym table (a vocabulary's worth; ~200 bytes each). */
const WORD_CACHE_LIMIT = 5_000;

/** Analysed words by synonym table (none: the key `analyzeQueryWords` uses without one). */
const byTable = new WeakMap<object, Map<string, QueryWord>>();
const NO_SYNONYMS = {};

/**
 * `analyzeQuery(query, synonyms)`, each word analysed once: while a question
 * is typed, every search repeats its words so far, and stemming a word and
 * finding its other forms (conjugations) was a noticeable share of a hybrid
 * query's time (docs/FACTS.md). A word's analysis depends on nothing else in the query, so the
 * analysis of `query` is that of each of its words; the words chosen are
 * analyzeQuery's (stop-words left out unless nothing else is left). The
 * QueryWords returned are shared between calls, frozen: never change them.
 */
export function analyzeQueryWords(query: string, synonyms?: SynonymExpander): QueryWord[] {
  const key = synonyms ?? NO_SYNONYMS;
  let cache = byTable.get(key);
  if (!cache) {
    cache = new Map();
    byTable.set(key, cache);
  }
  const all = words(query);
  const meaningful = all.filter((w) => !isStopWord(w));
  return (meaningful.length > 0 ? meaningful : all).map((word) => {
    let analysed = cache.get(word);
    if (analysed === undefined) {
      // The word alone: a stop-word is then analysed too (it is all the query has).
      const [one] = analyzeQuery(word, synonyms);
      if (!one || one.word !== word) throw new Error(`«${word}» no es una palabra de consulta`);
      analysed = Object.freeze({
        word,
        terms: Object.freeze(one.terms) as string[],
        related: Object.freeze(one.related) as string[],
        synonyms: Object.freeze(one.synonyms) as string[],
      });
      if (cache.size >= WORD_CACHE_LIMIT) cache.clear();
      cache.set(word, analysed);
    }
    return analysed;
  });
}
