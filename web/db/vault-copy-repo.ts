import { STORES, withTx } from './database.ts';
import type { CachedNoteRecord } from './records.ts';

/**
 * The browser's copy of the vault (the `notes` store), as the sync and the
 * search worker read it. Writes go through `updateCachedNotes` in
 * notes-cache-repo.ts.
 */

/** path → hash of every copied note, for diffing against the manifest. */
export function copiedHashes(): Promise<Map<string, string>> {
  return withTx([STORES.notes], 'readonly', async (tx) => {
    const hashes = new Map<string, string>();
    for await (const cursor of tx.objectStore(STORES.notes)) {
      hashes.set(cursor.value.path, cursor.value.hash);
    }
    return hashes;
  });
}

/** The copied notes among `paths`, in one transaction (missing ones are left out). */
export function copiedNotes(paths: readonly string[]): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notes], 'readonly', async (tx) => {
    const store = tx.objectStore(STORES.notes);
    const found = await Promise.all(paths.map((p) => store.get(p)));
    return found.filter((n): n is CachedNoteRecord => n !== undefined);
  });
}

/**
 * Up to `limit` copied notes after `after` in path order (from the first when
 * null), one read in its own short transaction: a pass over the whole copy in
 * batches that never holds the sync's writes up for long.
 */
export function copiedNotesAfter(after: string | null, limit: number): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notes], 'readonly', (tx) =>
    tx
      .objectStore(STORES.notes)
      .getAll(after === null ? undefined : IDBKeyRange.lowerBound(after, true), limit),
  );
}
