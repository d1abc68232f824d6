import { pageOf } from './note-pages.ts';

/**
 * The keys of the copy's pages (note-pages.ts) as this realm last saw them,
 * sorted, or null before it has seen them. With them a note's page is read by
 * its key (`get`) instead of a cursor stepping back from the note's path, which
 * was slower for a query's hits, most of all in the second after a reload
 * (measured: docs/FACTS.md, "Vault sync and the browser's copy"). Learnt from every
 * read of all the pages' hashes (the sync's diff), kept by this realm's writes and
 * saved with the index. Another tab's writes make them stale: a page read by its
 * key that does not hold the note is followed by the cursor (vault-copy-repo.ts),
 * so stale keys cost time, never a wrong answer.
 */
let keys: string[] | null = null;

/** Every page's key, sorted (a read of all the pages' hashes), or null to forget them. */
export function knowPageKeys(all: string[] | null): void {
  keys = all;
}

/** Index of `key` in the sorted keys, or where it would go (as a negative: -(at + 1)). */
function search(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo] === key ? lo : -(lo + 1);
}

/** A write in this realm dropped the pages `dropped` and put the pages `put` (once it committed). */
export function pageKeysChanged(dropped: Iterable<string>, put: Iterable<string>): void {
  if (!keys) return;
  for (const key of dropped) {
    const at = search(keys, key);
    if (at >= 0) keys.splice(at, 1);
  }
  for (const key of put) {
    const at = search(keys, key);
    if (at < 0) keys.splice(-at - 1, 0, key);
  }
}

/** The key of the page that holds `path`, as far as this realm knows; undefined when it knows none. */
export function knownPageKey(path: string): string | undefined {
  if (!keys || keys.length === 0) return undefined;
  return keys[pageOf(keys, path)];
}

/** The keys this realm knows (the saved index keeps them, so a reload's first reads have them), or null. */
export function pageKeysKnown(): readonly string[] | null {
  return keys;
}
