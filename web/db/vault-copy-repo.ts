import { STORES, withTx } from './database.ts';
import { pageOf } from './note-pages.ts';
import type { CachedNoteRecord } from './records.ts';

/**
 * The browser's copy of the vault (pages of notes, note-pages.ts), as the
 * sync and the search worker read it. Writes go through `updateCachedNotes`
 * in notes-cache-repo.ts.
 */

/** path → hash of every copied note, for diffing against the manifest (no note text is read). */
export function copiedHashes(): Promise<Map<string, string>> {
  return withTx([STORES.notePageHashes], 'readonly', async (tx) => {
    const hashes = new Map<string, string>();
    for (const page of await tx.objectStore(STORES.notePageHashes).getAll()) {
      for (let i = 0; i < page.paths.length; i++) hashes.set(page.paths[i]!, page.hashes[i]!);
    }
    return hashes;
  });
}

/** The copied notes among `paths`, in one transaction (missing ones are left out). */
export function copiedNotes(paths: readonly string[]): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notePages], 'readonly', async (tx) => {
    const store = tx.objectStore(STORES.notePages);
    const firsts = await store.getAllKeys();
    const wanted = new Set(paths);
    const pages = new Set(paths.map((p) => pageOf(firsts, p)).filter((at) => at >= 0));
    const read = await Promise.all([...pages].map((at) => store.get(firsts[at]!)));
    const found = new Map<string, CachedNoteRecord>();
    for (const page of read)
      for (const note of page?.notes ?? []) if (wanted.has(note.path)) found.set(note.path, note);
    return paths.flatMap((p) => found.get(p) ?? []);
  });
}

/**
 * Up to `limit` copied notes after `after` in path order (from the first when
 * null), one read in its own short transaction: a pass over the whole copy in
 * batches that never holds the sync's writes up for long.
 */
export function copiedNotesAfter(after: string | null, limit: number): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notePages], 'readonly', async (tx) => {
    const store = tx.objectStore(STORES.notePages);
    const firsts = await store.getAllKeys();
    const out: CachedNoteRecord[] = [];
    for (
      let at = after === null ? 0 : Math.max(0, pageOf(firsts, after));
      at < firsts.length;
      at++
    ) {
      const page = await store.get(firsts[at]!);
      for (const note of page?.notes ?? []) {
        if (after !== null && note.path <= after) continue;
        out.push(note);
        if (out.length >= limit) return out;
      }
    }
    return out;
  });
}
