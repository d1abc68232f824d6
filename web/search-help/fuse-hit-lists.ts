import { reciprocalRankFusion } from '../../common/rank-fusion.ts';
import type { SearchHit } from '../search/engine/search-types.ts';

/** The constant of reciprocal rank fusion for the model's queries: the usual 60. */
export const HELP_RRF_K = 60;

/** One query's ranked hits, best first. */
export interface QueryHits {
  query: string;
  hits: readonly SearchHit[];
}

/** A fused hit: the note as the first query that found it showed it, and every query that did. */
export interface HelpedHit {
  hit: SearchHit;
  score: number;
  /** The queries that found the note, in the order the lists were given. */
  foundBy: string[];
}

/**
 * Fuses the hits of several queries (the user's first, then the model's) by reciprocal
 * rank fusion with k = 60, every list weighing the same; ties go to the earlier lists.
 */
export function fuseHitLists(lists: readonly QueryHits[]): HelpedHit[] {
  const first = new Map<string, SearchHit>();
  for (const list of lists)
    for (const hit of list.hits) if (!first.has(hit.path)) first.set(hit.path, hit);
  const fused = reciprocalRankFusion(
    lists.map((list) => ({ keys: list.hits.map((hit) => hit.path) })),
    HELP_RRF_K,
  );
  return fused.map((f) => ({
    hit: first.get(f.key)!,
    score: f.score,
    foundBy: lists.flatMap((list, i) => (f.ranks[i] === null ? [] : [list.query])),
  }));
}
