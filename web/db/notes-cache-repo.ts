import { type IDBPObjectStore, unwrap } from 'idb';
import { type SomaDb, STORES, withTx } from './database.ts';
import { changedPage, hashesOf, pageOf } from './note-pages.ts';
import { pageKeysChanged } from './page-keys.ts';
import type { CachedNoteRecord } from './records.ts';

/** Note contents fetched for search, reused while the manifest's hash is the same (kept in pages: note-pages.ts). */

/** Every cached note, in path order. */
export function listCachedNotes(): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notePages], 'readonly', async (tx) =>
    (await tx.objectStore(STORES.notePages).getAll()).flatMap((page) => page.notes),
  );
}

/**
 * The keys of the pages `paths` fall in, sorted: the last page starting at or before
 * the lowest path, and every page starting after it up to the highest (read from the
 * hashes store: same keys, small records). Not every page's key: a 50k first sync's
 * 200 chunks read them all each time, and IndexedDB's `getAll` operations took over a
 * third of its thread's time (measured: docs/FACTS.md).
 */
async function pageKeysAround(
  hashes: IDBPObjectStore<SomaDb, ['notePages', 'notePageHashes'], 'notePageHashes', 'readwrite'>,
  paths: readonly string[],
): Promise<string[]> {
  let low = paths[0]!;
  let high = low;
  for (const path of paths) {
    if (path < low) low = path;
    if (path > high) high = path;
  }
  const [before, inside] = await Promise.all([
    hashes.openKeyCursor(IDBKeyRange.upperBound(low), 'prev'),
    low < high ? hashes.getAllKeys(IDBKeyRange.bound(low, high, true)) : [],
  ]);
  return before ? [before.key, ...inside] : inside;
}

/** Stores fresh contents and forgets notes that left the vault, in one transaction. */
export async function updateCachedNotes(put: CachedNoteRecord[], remove: string[]): Promise<void> {
  /** The keys of the pages this write drops and puts: page-keys.ts learns them once it committed. */
  const dropped: string[] = [];
  const written: string[] = [];
  await withTx([STORES.notePages, STORES.notePageHashes], 'readwrite', async (tx) => {
    if (put.length === 0 && remove.length === 0) return;
    const pages = tx.objectStore(STORES.notePages);
    const hashes = tx.objectStore(STORES.notePageHashes);
    const firsts = await pageKeysAround(hashes, [...put.map((n) => n.path), ...remove]);
    // The changes by the page they fall in (-1: no page yet).
    const byPage = new Map<number, { put: CachedNoteRecord[]; remove: Set<string> }>();
    const changesOf = (path: string) => {
      const at = pageOf(firsts, path);
      let changes = byPage.get(at);
      if (!changes) {
        changes = { put: [], remove: new Set() };
        byPage.set(at, changes);
      }
      return changes;
    };
    for (const note of put) changesOf(note.path).put.push(note);
    for (const path of remove) changesOf(path).remove.add(path);
    const olds = await Promise.all(
      [...byPage.keys()].map((at) => (at < 0 ? undefined : pages.get(firsts[at]!))),
    );
    // Plain requests, no promise each: the transaction's commit (awaited by withTx) is
    // what counts, and any failed request aborts it. A 50k first sync makes ~6,000 of them.
    const rawPages = unwrap(pages);
    const rawHashes = unwrap(hashes);
    [...byPage.values()].forEach((changes, i) => {
      const old = olds[i];
      const { keep, pages: fresh } = changedPage(old, changes.put, changes.remove);
      if (old && !keep && !fresh.some((p) => p.first === old.first)) {
        rawPages.delete(old.first);
        rawHashes.delete(old.first);
        dropped.push(old.first);
      }
      for (const page of fresh) {
        rawPages.put(page);
        rawHashes.put(hashesOf(page));
        written.push(page.first);
      }
    });
  });
  pageKeysChanged(dropped, written);
}
