import { unwrap } from 'idb';
import { STORES, withTx } from './database.ts';
import type { VectorNoteRecord, VectorSyncRecord } from './records.ts';

/** The embeddings layer's vectors (`vectors`) and the sync's place (`vectorSync`). */

const SYNC_KEY = 'vectors';

export function loadVectorSync(): Promise<VectorSyncRecord | undefined> {
  return withTx([STORES.vectorSync], 'readonly', (tx) =>
    tx.objectStore(STORES.vectorSync).get(SYNC_KEY),
  );
}

/** What one page of the vector sync changes, applied in one transaction. */
export interface VectorPage {
  /** Drop every vector held first (another generation). */
  reset: boolean;
  upserted: VectorNoteRecord[];
  removed: string[];
  sync: Omit<VectorSyncRecord, 'key'>;
}

/**
 * Plain requests, asked all at once: a transaction runs them in the order asked, and
 * its commit (awaited by withTx) is what counts, any failed request aborting it. Each
 * awaited in turn, the same records took several times as long (measured: docs/FACTS.md).
 */
export function applyVectorPage(page: VectorPage): Promise<void> {
  return withTx([STORES.vectors, STORES.vectorSync], 'readwrite', async (tx) => {
    const vectors = unwrap(tx.objectStore(STORES.vectors));
    if (page.reset) vectors.clear();
    for (const path of page.removed) vectors.delete(path);
    for (const record of page.upserted) vectors.put(record);
    unwrap(tx.objectStore(STORES.vectorSync)).put({ key: SYNC_KEY, ...page.sync });
  });
}

/** Calls `each` with every stored note's vectors, one at a time (never all of them held twice). */
export function forEachVectorNote(each: (record: VectorNoteRecord) => void): Promise<void> {
  return withTx([STORES.vectors], 'readonly', async (tx) => {
    for await (const cursor of tx.objectStore(STORES.vectors)) each(cursor.value);
  });
}
