import { STORES, withTx } from './database.ts';
import type { CachedNoteRecord } from './records.ts';

/** Note contents fetched for search, reused while the manifest's hash is the same. */

/** Every cached note (the search index is built from all of them). */
export function listCachedNotes(): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notes], 'readonly', (tx) => tx.objectStore(STORES.notes).getAll());
}

/** Stores fresh contents and forgets notes that left the vault, in one transaction. */
export function updateCachedNotes(put: CachedNoteRecord[], remove: string[]): Promise<void> {
  return withTx([STORES.notes], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.notes);
    await Promise.all([...put.map((n) => store.put(n)), ...remove.map((p) => store.delete(p))]);
  });
}
