import type { SearchIndexRecord } from '../../db/records.ts';
import { loadSearchIndex, SEARCH_INDEX_KEY } from '../../db/search-index-repo.ts';

/**
 * The saved index's IndexedDB read, begun as the search worker's bundle
 * evaluates (search-worker.ts imports this module first): opening the
 * database and reading the record overlap the evaluation of everything else
 * the worker loads, which a reload otherwise waited for (a reload's timeline showed it).
 */
let early: Promise<SearchIndexRecord | undefined> | null = null;
if (typeof WorkerGlobalScope !== 'undefined') {
  performance.mark('soma:index-read-start');
  early = loadSearchIndex(SEARCH_INDEX_KEY);
  // Not handled here: the engine's load awaits it and handles its failure.
  early.catch(() => undefined);
}

/** The early read, once (null after, or outside a worker): later loads read afresh. */
export function takeEarlyIndexRead(): Promise<SearchIndexRecord | undefined> | null {
  const pending = early;
  early = null;
  return pending;
}
