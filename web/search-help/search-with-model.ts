import type { SearchHelpAnswer } from '../../common/search-help-schemas.ts';
import type { SearchFilters } from '../search/engine/search-types.ts';
import { searchInWorker } from '../search/worker/search-client.ts';
import { fuseHitLists, type HelpedHit } from './fuse-hit-lists.ts';
import { askSearchHelp } from './search-help-api.ts';

/** «Buscar con el modelo»'s result: the model's answer, the fused hits and the local work's time. */
export interface ModelSearch {
  answer: SearchHelpAnswer;
  hits: HelpedHit[];
  /** Milliseconds of local work once the answer arrived: every query's search, then the fusion. */
  localMs: number;
}

/**
 * Asks the model for other queries, runs them and the user's own in the search
 * worker, and fuses the lists. The queries are embedded only by a local embedder
 * (`localOnly`): the model's words go nowhere else, and no note text leaves at all.
 */
export async function searchWithModel(query: string, filters: SearchFilters): Promise<ModelSearch> {
  return searchWithAnswer(query, await askSearchHelp(query), filters);
}

/**
 * Runs the model's queries and the user's own in the search worker and fuses the lists,
 * without asking the model again: the same answer over the index as it is now (after a
 * sync changed it, the hits follow the vault as the ordinary results do).
 */
export async function searchWithAnswer(
  query: string,
  answer: SearchHelpAnswer,
  filters: SearchFilters,
): Promise<ModelSearch> {
  const started = performance.now();
  const queries = [query, ...answer.queries];
  const answers = await Promise.all(
    queries.map((q) => searchInWorker(q, { filters, localOnly: true })),
  );
  const hits = fuseHitLists(queries.map((q, i) => ({ query: q, hits: answers[i]!.hits })));
  return { answer, hits, localMs: performance.now() - started };
}
