import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME, database, deleteDatabase, STORES } from './database.ts';
import { cutPages, PAGE_CHARS, PAGE_NOTES, pageOf } from './note-pages.ts';
import { listCachedNotes, updateCachedNotes } from './notes-cache-repo.ts';
import { knownPageKey, knowPageKeys } from './page-keys.ts';
import type { CachedNoteRecord } from './records.ts';
import { copiedHashes, copiedNotes, copiedNotesAfter } from './vault-copy-repo.ts';

afterEach(() => deleteDatabase());

const note = (path: string, hash = 'h', content = `texto de ${path}`): CachedNoteRecord => ({
  path,
  hash,
  content,
});

/**
 * Every note through `copiedNotesAfter`, `limit` at a time, as the worker's warm-up reads
 * them: every batch but the last is full (a short one ends the warm-up's reading).
 */
async function allAfter(limit: number): Promise<CachedNoteRecord[]> {
  const out: CachedNoteRecord[] = [];
  let read = await copiedNotesAfter(null, limit);
  while (read.notes.length > 0) {
    out.push(...read.notes);
    const next = await copiedNotesAfter(read.next, limit);
    if (next.notes.length > 0) expect(read.notes).toHaveLength(limit);
    read = next;
  }
  return out;
}

describe('web/db/note-pages', () => {
  it('finds the page a path falls in', () => {
    expect(pageOf([], 'a')).toBe(-1);
    expect(pageOf(['b', 'd', 'f'], 'a')).toBe(0);
    expect(pageOf(['b', 'd', 'f'], 'b')).toBe(0);
    expect(pageOf(['b', 'd', 'f'], 'c')).toBe(0);
    expect(pageOf(['b', 'd', 'f'], 'd')).toBe(1);
    expect(pageOf(['b', 'd', 'f'], 'z')).toBe(2);
  });

  it('cuts pages by notes and by characters, a large note alone', () => {
    const many = Array.from({ length: PAGE_NOTES * 2 + 1 }, (_, i) => note(`n${1000 + i}`));
    expect(cutPages(many).map((p) => p.notes.length)).toEqual([PAGE_NOTES, PAGE_NOTES, 1]);
    const big = note('b', 'h', 'x'.repeat(PAGE_CHARS + 1));
    const pages = cutPages([note('a'), big, note('c')]);
    expect(pages.map((p) => p.first)).toEqual(['a', 'b', 'c']);
  });

  it('a first sync in path order writes each chunk into pages of its own', async () => {
    const paths = Array.from({ length: 1000 }, (_, i) => `nota-${String(i).padStart(4, '0')}.md`);
    for (let i = 0; i < paths.length; i += 250)
      await updateCachedNotes(
        paths.slice(i, i + 250).map((p) => note(p)),
        [],
      );
    const db = await database();
    const sizes = (await db.getAll(STORES.notePages)).map((p) => p.notes.length);
    // 250 = 15 × 16 + 10 per chunk: no page was read back and rewritten.
    const chunk = [...Array.from({ length: 15 }, () => PAGE_NOTES), 10];
    expect(sizes).toEqual(Array.from({ length: 4 }, () => chunk).flat());
    expect((await listCachedNotes()).map((n) => n.path)).toEqual(paths);
  });

  it('behaves as a Map of notes under any changes', async () => {
    const path = fc.integer({ min: 0, max: 400 }).map((i) => `c${i % 7}/n${i}.md`);
    const change = fc.record({
      put: fc.array(fc.tuple(path, fc.nat(3)), { maxLength: 150, size: 'max' }),
      remove: fc.array(path, { maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        await deleteDatabase();
        // The (empty) copy's page keys, known from here on and kept by the writes.
        await copiedHashes();
        const model = new Map<string, CachedNoteRecord>();
        /** The page keys after each change: stale ones for the reads below. */
        const earlier: string[][] = [];
        for (const c of changes) {
          const removed = c.remove.filter((p) => !c.put.some(([q]) => q === p));
          const put = c.put.map(([p, h]) =>
            note(p, String(h), `${p} ${h} `.repeat(h === 3 ? 2000 : 1)),
          );
          await updateCachedNotes(put, removed);
          for (const n of put) model.set(n.path, n);
          for (const p of removed) model.delete(p);
          earlier.push(await (await database()).getAllKeys(STORES.notePages));
        }
        const sorted = [...model.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
        // The writes kept the keys exact: each note's known page is the one holding it.
        const pages = await (await database()).getAll(STORES.notePages);
        for (const page of pages)
          for (const n of page.notes) expect(knownPageKey(n.path)).toBe(page.first);
        expect(await listCachedNotes()).toEqual(sorted);
        expect(await copiedHashes()).toEqual(new Map(sorted.map((n) => [n.path, n.hash])));
        expect(await allAfter(37)).toEqual(sorted);
        const asked = [
          'c0/n0.md',
          'zz.md',
          ...sorted.filter((_, i) => i % 3 === 0).map((n) => n.path),
        ];
        const expected = asked.flatMap((p) => model.get(p) ?? []);
        expect(await copiedNotes(asked)).toEqual(expected);
        // Keys gone stale (another tab wrote), none, or wrong: the same notes.
        for (const keys of [...earlier, null, ['c3/n1.md', 'zz.md']]) {
          knowPageKeys(keys && [...keys]);
          expect(await copiedNotes(asked)).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a pass over the copy reads every note left alone while writes change its pages', async () => {
    const path = fc.integer({ min: 0, max: 400 }).map((i) => `c${i % 7}/n${i}.md`);
    const change = fc.record({
      put: fc.array(fc.tuple(path, fc.nat(3)), { maxLength: 80, size: 'max' }),
      remove: fc.array(path, { maxLength: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(change, fc.array(change, { maxLength: 8 }), async (start, during) => {
        await deleteDatabase();
        const notesOf = (c: typeof start) =>
          c.put.map(([p, h]) => note(p, String(h), `${p} ${h} `.repeat(h === 3 ? 2000 : 1)));
        await updateCachedNotes(notesOf(start), []);
        const before = await listCachedNotes();
        // Written between the pass's batches: their notes are not the pass's to find.
        const touched = new Set(during.flatMap((c) => [...c.put.map(([p]) => p), ...c.remove]));
        const read: string[] = [];
        let batch = await copiedNotesAfter(null, 23);
        for (let i = 0; batch.notes.length > 0; i++) {
          read.push(...batch.notes.map((n) => n.path));
          const c = during[i];
          if (c) {
            const removed = c.remove.filter((p) => !c.put.some(([q]) => q === p));
            await updateCachedNotes(notesOf(c), removed);
          }
          batch = await copiedNotesAfter(batch.next, 23);
        }
        expect(read).toEqual([...new Set(read)].sort());
        const left = before.map((n) => n.path).filter((p) => !touched.has(p));
        expect(left.filter((p) => !read.includes(p))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('moves a version 3 copy (a note per record) into pages on upgrade', async () => {
    const old = await openDB(DB_NAME, 3, {
      upgrade(db) {
        db.createObjectStore('notes', { keyPath: 'path' });
      },
    });
    const notes = Array.from({ length: 150 }, (_, i) =>
      note(`m${String(i).padStart(3, '0')}.md`, `${i}`),
    );
    for (const n of notes) await old.put('notes', n);
    old.close();
    expect(await listCachedNotes()).toEqual(notes);
    expect((await copiedHashes()).get('m149.md')).toBe('149');
    expect([...(await database()).objectStoreNames]).not.toContain('notes');
  });
});
