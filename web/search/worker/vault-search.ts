import type { SearchHit } from '../engine/search-types.ts';
import { type SearchAnswer, type SearchOptions, searchInWorker } from './search-client.ts';

export type { SearchHit } from '../engine/search-types.ts';

/**
 * How long `/buscar` waits for the fused (words + vectors) ranking once the words-only
 * one is known: a local embedder answers a query vector well within it, and a hung one would
 * otherwise hold the panel until the request time-out (15 s).
 */
export const REFINE_WAIT_MS = 2_500;

type Find = (query: string, options: SearchOptions) => Promise<SearchAnswer>;

/**
 * Searches the vault for `/buscar`: the whole words typed (no prefix), ranked
 * by the worker's Spanish-aware index over the browser's copy of the vault, fused
 * with the vectors' ranking when it comes within REFINE_WAIT_MS.
 */
export function search(
  query: string,
  find: Find = searchInWorker,
  waitMs = REFINE_WAIT_MS,
): Promise<SearchHit[]> {
  return new Promise((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (hits: SearchHit[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(hits);
    };
    find(query, { onRefined: (refined) => finish(refined.hits) }).then((first) => {
      if (first.semantic.mode !== 'pending') return finish(first.hits);
      timer = setTimeout(() => finish(first.hits), waitMs);
    }, reject);
  });
}
