import { STORES, withTx } from './database.ts';
import type { SearchIndexRecord } from './records.ts';

/** The saved search index (one record per index; SOMA has one, `notes`). */

/** The key of SOMA's one saved index. */
export const SEARCH_INDEX_KEY = 'notes';

export function loadSearchIndex(key: string): Promise<SearchIndexRecord | undefined> {
  return withTx([STORES.searchIndex], 'readonly', (tx) =>
    tx.objectStore(STORES.searchIndex).get(key),
  );
}

export function saveSearchIndex(record: SearchIndexRecord): Promise<void> {
  return withTx([STORES.searchIndex], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.searchIndex).put(record);
  });
}
