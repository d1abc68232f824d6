import type { IDBPObjectStore } from 'idb';
import { type SomaDb, STORES, withTx } from './database.ts';
import { type NotePageRecord, PAGE_NOTES } from './note-pages.ts';
import { knownPageKey, knowPageKeys } from './page-keys.ts';
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
    const pages = await tx.objectStore(STORES.notePageHashes).getAll();
    for (const page of pages) {
      for (let i = 0; i < page.paths.length; i++) hashes.set(page.paths[i]!, page.hashes[i]!);
    }
    // Every page's key, in key order: this realm's reads of a note go to its page by key.
    knowPageKeys(pages.map((page) => page.first));
    return hashes;
  });
}

/**
 * The page that holds `path` if the copy has it: the last page starting at or
 * before it (one cursor step back from the path, no list of every page's key:
 * fetching every page's key per query made the 50k bench's searches much slower:
 * docs/FACTS.md).
 */
async function pageHolding(
  store: IDBPObjectStore<SomaDb, ['notePages'], 'notePages', 'readonly'>,
  path: string,
): Promise<NotePageRecord | undefined> {
  const cursor = await store.openCursor(IDBKeyRange.upperBound(path), 'prev');
  return cursor?.value;
}

/**
 * The page that holds `path` if the copy has it: read by its key when this realm knows
 * the keys (page-keys.ts), else, or when that page does not hold it (keys gone stale),
 * by `pageHolding`.
 */
async function pageOfPath(
  store: IDBPObjectStore<SomaDb, ['notePages'], 'notePages', 'readonly'>,
  path: string,
): Promise<NotePageRecord | undefined> {
  const key = knownPageKey(path);
  if (key !== undefined) {
    const page = await store.get(key);
    if (page?.notes.some((n) => n.path === path)) return page;
  }
  return pageHolding(store, path);
}

/** Notes taken for the copy and not written to it yet (a first sync's, vault-sync/held-copy.ts). */
export interface UnwrittenNotes {
  get(path: string): CachedNoteRecord | undefined;
}

/** What this realm (the search worker) has taken for the copy and not written yet. */
let unwritten: UnwrittenNotes | null = null;

/** Makes `notes` part of what `copiedNotes` reads in this realm, until the next call. */
export function readUnwrittenFrom(notes: UnwrittenNotes | null): void {
  unwritten = notes;
}

/**
 * The copied notes among `paths`, in one transaction (missing ones are left out); a
 * note taken for the copy and not written yet counts as copied (`readUnwrittenFrom`).
 */
export async function copiedNotes(paths: readonly string[]): Promise<CachedNoteRecord[]> {
  const found = new Map<string, CachedNoteRecord>();
  const rest: string[] = [];
  for (const path of new Set(paths)) {
    const note = unwritten?.get(path);
    if (note) found.set(path, note);
    else rest.push(path);
  }
  if (rest.length > 0) for (const note of await readCopied(rest)) found.set(note.path, note);
  return paths.flatMap((p) => found.get(p) ?? []);
}

/** The notes the copy holds among `unique` (no path twice), in one transaction. */
function readCopied(unique: readonly string[]): Promise<CachedNoteRecord[]> {
  return withTx([STORES.notePages], 'readonly', async (tx) => {
    const store = tx.objectStore(STORES.notePages);
    // All asked at once: the requests travel together, where one after the other each
    // waited for the last (a query's snippets read ~10 notes past the worker's memory).
    const pages = await Promise.all(unique.map((path) => pageOfPath(store, path)));
    return unique.flatMap((path, i) => pages[i]?.notes.find((n) => n.path === path) ?? []);
  });
}

/** Where a pass over the copy stopped: the last note it read, and the key of the page that held it. */
export interface CopyPosition {
  path: string;
  page: string;
}

/**
 * Up to `limit` copied notes after `after` in path order (from the first when
 * null), one read in its own short transaction: a pass over the whole copy in
 * batches that never holds the sync's writes up for long. Returns where it stopped.
 */
export function copiedNotesAfter(
  after: CopyPosition | null,
  limit: number,
): Promise<{ notes: CachedNoteRecord[]; next: CopyPosition | null }> {
  return withTx([STORES.notePages], 'readonly', async (tx) => {
    const store = tx.objectStore(STORES.notePages);
    // Reads of enough pages at once (a cursor stepping page by page held a waiting query
    // up longer); pages cut short by their size limit may need another. It goes on from
    // the page that held the last note read, even if a write has re-cut or dropped it
    // since: a write re-cuts a page's notes into pages starting at or after its own start,
    // so a note not written meanwhile is still in that page or a later one (the test «a
    // pass over the copy reads every note left alone…»). A cursor back from that note to
    // find its page was a good share of each batch's time (docs/FACTS.md).
    const notes: CachedNoteRecord[] = [];
    let next = after;
    let range = after === null ? undefined : IDBKeyRange.lowerBound(after.page);
    for (;;) {
      const want = Math.ceil((limit - notes.length) / PAGE_NOTES) + 1;
      const pages = await store.getAll(range, want);
      for (const page of pages) {
        for (const note of page.notes) {
          if (after !== null && note.path <= after.path) continue;
          notes.push(note);
          next = { path: note.path, page: page.first };
          if (notes.length >= limit) return { notes, next };
        }
      }
      if (pages.length < want) return { notes, next };
      range = IDBKeyRange.lowerBound(pages.at(-1)!.first, true);
    }
  });
}
