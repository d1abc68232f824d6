import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteDatabase } from '../db/database.ts';
import { listCachedNotes } from '../db/notes-cache-repo.ts';
import { copiedNotes, readUnwrittenFrom } from '../db/vault-copy-repo.ts';
import { HeldCopy } from './held-copy.ts';

afterEach(() => {
  readUnwrittenFrom(null);
  return deleteDatabase();
});

const note = (path: string, content: string) => ({ path, hash: `h:${content}`, content });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('web/vault-sync/held-copy', () => {
  it('a held note reads as copied in the realm that reads from it, until its chunk is written', async () => {
    const held = new HeldCopy();
    const a = note('a.md', 'uno');
    const b = note('b.md', 'dos');
    expect(held.hold([a, b])).toBe(true);
    expect(await copiedNotes(['a.md'])).toEqual([]);
    readUnwrittenFrom(held);
    expect(await listCachedNotes()).toEqual([]);
    expect(await copiedNotes(['b.md', 'x.md', 'a.md', 'b.md'])).toEqual([b, a, b]);
    await held.write();
    expect(held.get('a.md')).toBeUndefined();
    expect(await listCachedNotes()).toEqual([a, b]);
    expect(await copiedNotes(['b.md', 'a.md'])).toEqual([b, a]);
  });

  it('`written` resolves at once when nothing is held, else when the write of what is held ends', async () => {
    const held = new HeldCopy();
    let waited = false;
    await held.written().then(() => (waited = true));
    expect(waited).toBe(true);

    held.hold([note('a.md', 'uno')]);
    waited = false;
    const written = held.written().then(() => (waited = true));
    await settle();
    expect(waited).toBe(false);
    await held.write();
    await written;
    expect((await listCachedNotes()).map((n) => n.path)).toEqual(['a.md']);
  });
});
