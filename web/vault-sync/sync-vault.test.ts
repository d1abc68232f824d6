import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from '../../common/api-schemas.ts';
import type { NoteContent, NotesBatch } from '../../common/chat-schemas.ts';
import { deleteDatabase } from '../db/database.ts';
import { listCachedNotes } from '../db/notes-cache-repo.ts';
import { STREAM_CHUNK } from './copy-notes.ts';
import { HeldCopy } from './held-copy.ts';
import type { VaultChange } from './sync-deps.ts';
import { diffManifest, syncVault } from './sync-vault.ts';
import { applyVaultEvents, pendingChanges } from './vault-events.ts';

afterEach(() => deleteDatabase());

/** A fake server over `vault` (path → content; the hash is the content itself). */
function fakeServer(vault: Record<string, string>) {
  const asked: string[][] = [];
  const entry = (path: string) => ({ path, size: 1, mtime: 1, hash: `h:${vault[path]}` });
  return {
    asked,
    changes: [] as VaultChange[],
    getManifest: async (): Promise<Manifest> => ({
      notes: Object.keys(vault).map(entry),
      skipped: [],
    }),
    getNotesBatch: async (paths: readonly string[]): Promise<NotesBatch> => {
      asked.push([...paths]);
      const there = paths.filter((p) => p in vault);
      return {
        notes: there.map((p) => ({ ...entry(p), content: vault[p]! })),
        missing: paths.filter((p) => !(p in vault)),
      };
    },
  };
}

/** The same fake server, also streaming its notes as GET /api/vault/export does (cut after `cutAfter`). */
function streamingServer(vault: Record<string, string>) {
  const server = fakeServer(vault);
  const state = { exports: 0, cutAfter: Number.POSITIVE_INFINITY };
  /** Notes a few at a time (as pieces of the stream complete them), the last piece maybe short. */
  async function* exportNotes(): AsyncGenerator<NoteContent[]> {
    state.exports++;
    let sent = 0;
    let piece: NoteContent[] = [];
    for (const [path, content] of Object.entries(vault)) {
      if (sent++ >= state.cutAfter) {
        if (piece.length > 0) yield piece;
        throw new Error('cortado');
      }
      piece.push({ path, content, hash: `h:${content}`, mtime: 1, size: 1 });
      if (piece.length === 7) {
        yield piece;
        piece = [];
      }
    }
    if (piece.length > 0) yield piece;
  }
  return { ...server, exportNotes, state };
}

async function sync(server: ReturnType<typeof fakeServer>) {
  const changes: VaultChange[] = [];
  await syncVault({ ...server, onChange: (c) => void changes.push(c) });
  return changes;
}

const copy = async () =>
  Object.fromEntries((await listCachedNotes()).map((n) => [n.path, n.content]));

describe('web/vault-sync', () => {
  it('diffs the manifest by hash: new and changed to fetch, gone to remove', () => {
    const entries = [
      { path: 'a.md', size: 1, mtime: 1, hash: '1' },
      { path: 'b.md', size: 1, mtime: 1, hash: '2' },
    ];
    const copied = new Map([
      ['a.md', '1'],
      ['b.md', 'old'],
      ['c.md', '3'],
    ]);
    expect(diffManifest(entries, copied)).toEqual({ fetch: ['b.md'], remove: ['c.md'] });
  });

  it('copies a new vault in batches of at most 500, then fetches nothing more', async () => {
    const vault = Object.fromEntries(
      Array.from({ length: 1203 }, (_, i) => [`n${i}.md`, `nota ${i}`]),
    );
    const server = fakeServer(vault);
    await sync(server);
    expect(server.asked.map((b) => b.length)).toEqual([500, 500, 203]);
    expect(Object.keys(await copy())).toHaveLength(1203);
    server.asked.length = 0;
    expect(await sync(server)).toEqual([]);
    expect(server.asked).toEqual([]);
  });

  it('fetches only changed notes, and drops deleted and renamed ones', async () => {
    const vault: Record<string, string> = { 'a.md': 'uno', 'b.md': 'dos', 'c.md': 'tres' };
    const server = fakeServer(vault);
    await sync(server);
    vault['a.md'] = 'uno cambiado';
    delete vault['b.md'];
    vault['d.md'] = vault['c.md']!; // c.md renamed to d.md
    delete vault['c.md'];
    server.asked.length = 0;
    const changes = await sync(server);
    expect(server.asked).toEqual([['a.md', 'd.md']]);
    expect(await copy()).toEqual({ 'a.md': 'uno cambiado', 'd.md': 'tres' });
    expect(changes.flatMap((c) => c.removed).sort()).toEqual(['b.md', 'c.md']);
  });

  it('applies a burst of events: the last event per path wins', async () => {
    const vault: Record<string, string> = { 'a.md': 'uno', 'b.md': 'dos' };
    const server = fakeServer(vault);
    await sync(server);
    vault['a.md'] = 'editada';
    const e = (path: string) => ({ path, size: 1, mtime: 2, hash: 'x' });
    const events = [
      { type: 'upsert', entry: e('a.md') },
      { type: 'upsert', entry: e('b.md') },
      { type: 'remove', path: 'b.md' },
    ] as const;
    expect(pendingChanges(events)).toEqual({ fetch: ['a.md'], remove: ['b.md'] });
    await applyVaultEvents({ ...server, onChange: () => undefined }, events);
    expect(await copy()).toEqual({ 'a.md': 'editada' });
  });

  it('copies most of a vault from one export stream, stored and indexed in chunks', async () => {
    const vault = Object.fromEntries(
      Array.from({ length: 1203 }, (_, i) => [`n${i}.md`, `n ${i}`]),
    );
    const server = streamingServer(vault);
    const changes = await sync(server);
    expect(server.state.exports).toBe(1);
    expect(server.asked).toEqual([]);
    expect(changes.map((c) => c.upserted.length)).toEqual([250, 250, 250, 250, 203]);
    expect(Math.max(...changes.map((c) => c.upserted.length))).toBe(STREAM_CHUNK);
    expect(Object.keys(await copy())).toHaveLength(1203);
    // A few changes later: batches, not the whole vault again.
    vault['n7.md'] = 'cambiada';
    expect((await sync(server)).flatMap((c) => c.upserted.map((n) => n.path))).toEqual(['n7.md']);
    expect(server.state.exports).toBe(1);
    expect(server.asked).toEqual([['n7.md']]);
  });

  it('keeps what a cut export brought and fetches only the rest in batches', async () => {
    const vault = Object.fromEntries(
      Array.from({ length: 1203 }, (_, i) => [`n${i}.md`, `n ${i}`]),
    );
    const server = streamingServer(vault);
    server.state.cutAfter = 600;
    const changes = await sync(server);
    expect(changes.map((c) => c.upserted.length)).toEqual([250, 250, 500, 203]);
    expect(server.asked.flat()).toHaveLength(703);
    expect(await copy()).toEqual(vault);
  });

  it('starts the export of a first sync at once, without waiting for the manifest', async () => {
    const vault = { 'a.md': 'uno', 'b.md': 'dos' };
    const server = streamingServer(vault);
    const order: string[] = [];
    let exportAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      exportAsked = resolve;
    });
    const exportNotes = () => {
      order.push('export');
      exportAsked();
      return server.exportNotes();
    };
    // The server's manifest waits for its scan, which the export follows: it answers only
    // once the export was asked for (a sync that waited for it first would never end).
    const getManifest = async () => {
      await asked;
      order.push('manifest');
      return server.getManifest();
    };
    await syncVault({ ...server, exportNotes, getManifest, onChange: () => undefined });
    expect(order).toEqual(['export', 'manifest']);
    expect(await copy()).toEqual(vault);
  });

  it("decides on the copy's hashes as read before it began, when given them", async () => {
    const vault = { 'a.md': 'uno', 'b.md': 'dos', 'c.md': 'tres' };
    const server = streamingServer(vault);
    await syncVault({ ...server, onChange: () => undefined });
    expect(server.state.exports).toBe(1);
    // A copy read as empty (before the first sync stored anything) means a first sync:
    // the export, though the copy holds every note by now.
    await syncVault({ ...server, copied: Promise.resolve(new Map()), onChange: () => undefined });
    expect(server.state.exports).toBe(2);
    // Read as it is, nothing needs fetching at all.
    await syncVault({ ...server, onChange: () => undefined });
    expect(server.state.exports).toBe(2);
    expect(server.asked).toEqual([]);
    expect(await copy()).toEqual(vault);
  });

  it('ends a first sync with what the manifest has and the stream missed, minus what left', async () => {
    const vault: Record<string, string> = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`n${i}.md`, `n ${i}`]),
    );
    const server = streamingServer(vault);
    let streamed: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      streamed = resolve;
    });
    const exportNotes = async function* () {
      for await (const some of server.exportNotes()) {
        yield some;
        // Written while the stream ran (after the scan listed the files), and one deleted.
        if (some.some((n) => n.path === 'n10.md')) {
          vault['nueva.md'] = 'escrita durante la sincronización';
          delete vault['n5.md'];
        }
      }
      streamed();
    };
    // The manifest as it is once the stream has ended.
    const getManifest = () => done.then(() => server.getManifest());
    const changes: VaultChange[] = [];
    const hashes = await syncVault({
      ...server,
      exportNotes,
      getManifest,
      onChange: (c) => void changes.push(c),
    });
    expect(await copy()).toEqual(vault);
    expect(hashes.get('nueva.md')).toBe(`h:${vault['nueva.md']}`);
    expect(hashes.has('n5.md')).toBe(false);
    expect(changes.flatMap((c) => c.removed)).toEqual(['n5.md']);
  });

  it('holds the chunks of a first sync out of the copy until asked, then writes them all', async () => {
    const vault = Object.fromEntries(Array.from({ length: 603 }, (_, i) => [`n${i}.md`, `n ${i}`]));
    const server = streamingServer(vault);
    const held = new HeldCopy();
    const changes: VaultChange[] = [];
    await syncVault({ ...server, held, onChange: (c) => void changes.push(c) });
    expect(changes.map((c) => c.upserted.length)).toEqual([250, 250, 103]);
    expect(await copy()).toEqual({});
    await held.write();
    expect(await copy()).toEqual(vault);
    expect(server.asked).toEqual([]);
  });

  it('writes what it held before anything else when the stream breaks or the vault moved', async () => {
    const vault: Record<string, string> = Object.fromEntries(
      Array.from({ length: 1203 }, (_, i) => [`n${i}.md`, `n ${i}`]),
    );
    const server = streamingServer(vault);
    server.state.cutAfter = 600;
    const held = new HeldCopy();
    await syncVault({ ...server, held, onChange: () => undefined });
    // Only what the stream did not bring came in batches; the held chunks are in the copy.
    expect(server.asked.flat()).toHaveLength(703);
    expect(await copy()).toEqual(vault);
  });
});
