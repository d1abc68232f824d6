import type { Query } from 'minisearch';
import type { QueryWord } from '../../../common/spanish/spanish-analyzer.ts';

/** Fuzzy matching allows one edit per five letters. */
const FUZZY = 0.2;
/** What a match on another form of a word (`cierra` for `cerrar`) is worth against the word itself. */
const RELATED_WEIGHT = 0.8;
/** What a match on a synonym from the user's table is worth against the word itself. */
const SYNONYM_WEIGHT = 0.8;

/**
 * Fuzzy matching only for terms this long: a stem such as `pes` (of
 * `pesados`) one edit away matches hundreds of unrelated terms, slowly.
 */
const MIN_FUZZY_TERM = 4;
const fuzzyTerm = (term: string) => (term.length >= MIN_FUZZY_TERM ? FUZZY : false);

/**
 * One OR per query word (the word, its other forms, its synonyms), combined
 * with `combineWith`. `fuzzy` holds the words tried with typos.
 */
export function toQuery(
  queryWords: QueryWord[],
  combineWith: 'AND' | 'OR',
  fuzzy: ReadonlySet<number>,
): Query {
  return {
    combineWith,
    queries: queryWords.map((w, i) => {
      const parts: Query[] = [
        {
          combineWith: 'OR',
          queries: w.terms,
          fuzzy: fuzzy.has(i) ? fuzzyTerm : false,
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
export function wordsByTerm(queryWords: QueryWord[]): Map<string, number[]> {
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
