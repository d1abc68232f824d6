import type { CachedNoteRecord } from './records.ts';

/**
 * The browser's copy of the vault is kept in pages: runs of notes in path
 * order, one IndexedDB record each (keyed by its first path), with a second
 * small record per page holding only its paths and hashes. Chromium pays
 * about the same per `put` whatever its size (measured: docs/FACTS.md), and a
 * first sync writes the
 * whole vault: pages of 16 make that ~1,250 (pages and their hashes). Diffing against the manifest
 * reads the hashes alone, not 20 MB of text. These are the pure rules; the
 * repositories beside this file read and write them.
 */

/**
 * At most this many notes in a page… (a snippet or related note not in the worker's
 * memory reads its whole page: larger pages made the 50k bench's queries slower; measured:
 * docs/FACTS.md).
 */
export const PAGE_NOTES = 16;
/** …and this many characters of text (a larger note gets a page of its own). */
export const PAGE_CHARS = 64 * 1024;

/** One page: its notes in path order (`first` is the first one's path). */
export interface NotePageRecord {
  first: string;
  notes: CachedNoteRecord[];
}

/** The same page's paths and hashes, under the same key. */
export interface NotePageHashesRecord {
  first: string;
  paths: string[];
  hashes: string[];
}

/**
 * Which of the pages starting at `firsts` (sorted) holds `path`, or would:
 * the last one starting at or before it, the first page for a path before
 * every page; -1 when there are no pages.
 */
export function pageOf(firsts: readonly string[], path: string): number {
  let lo = 0;
  let hi = firsts.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firsts[mid]! <= path) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Notes sorted by path into pages of at most PAGE_NOTES notes and PAGE_CHARS characters. */
export function cutPages(notes: readonly CachedNoteRecord[]): NotePageRecord[] {
  const pages: NotePageRecord[] = [];
  let run: CachedNoteRecord[] = [];
  let chars = 0;
  for (const note of notes) {
    if (run.length > 0 && (run.length >= PAGE_NOTES || chars + note.content.length > PAGE_CHARS)) {
      pages.push({ first: run[0]!.path, notes: run });
      run = [];
      chars = 0;
    }
    run.push(note);
    chars += note.content.length;
  }
  if (run.length > 0) pages.push({ first: run[0]!.path, notes: run });
  return pages;
}

/** A page's hashes record. */
export function hashesOf(page: NotePageRecord): NotePageHashesRecord {
  return {
    first: page.first,
    paths: page.notes.map((n) => n.path),
    hashes: page.notes.map((n) => n.hash),
  };
}

const byPath = (a: CachedNoteRecord, b: CachedNoteRecord) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * A page after `put` (new or changed notes, any order) and `remove` (paths)
 * that fall in its range: the pages to write in its place. A page at least
 * half full whose new notes all come after its last one is left as it is
 * (`keep`), the new notes starting pages of their own: a first sync streams
 * the vault in path order, and each chunk then writes only its own notes.
 */
export function changedPage(
  old: NotePageRecord | undefined,
  put: readonly CachedNoteRecord[],
  remove: ReadonlySet<string>,
): { keep: boolean; pages: NotePageRecord[] } {
  const notes = old?.notes ?? [];
  const last = notes.at(-1)?.path;
  const changed = new Map(put.map((n) => [n.path, n]));
  const fresh = [...changed.values()].sort(byPath);
  const appended =
    old !== undefined &&
    notes.length >= PAGE_NOTES / 2 &&
    last !== undefined &&
    fresh.length > 0 &&
    fresh[0]!.path > last &&
    !notes.some((n) => remove.has(n.path));
  if (appended) return { keep: true, pages: cutPages(fresh) };
  const kept = notes.filter((n) => !remove.has(n.path) && !changed.has(n.path));
  return { keep: false, pages: cutPages([...kept, ...fresh].sort(byPath)) };
}
