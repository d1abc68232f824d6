import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationEvent, SyncTurn } from '../../common/conversation-schemas.ts';
import { ConversationStore } from './conversation-store.ts';
import { importLegacyConversations } from './legacy-import.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-convs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const turn = (
  id: string,
  role: 'user' | 'assistant' = 'user',
  content = `texto ${id}`,
): SyncTurn => ({
  id,
  role,
  content,
  status: 'complete',
  createdAt: 1,
});

describe('ConversationStore', () => {
  it('keeps turns, title and chips across a restart, in folders 0700 and files 0600', async () => {
    const store = await ConversationStore.open(dir);
    const chips = [{ id: 'c1', kind: 'note' as const, body: { path: 'a.md', pinned: true } }];
    await store.append('c-1', turn('t1'), { title: 'Hola', project: 'P', chips });
    await store.append('c-1', turn('t2', 'assistant'));
    const again = await ConversationStore.open(dir);
    const page = await again.page('c-1');
    expect(page).toMatchObject({ title: 'Hola', project: 'P', chips, cursor: 2 });
    expect(page?.turns.map((t) => [t.id, t.seq])).toEqual([
      ['t1', 1],
      ['t2', 2],
    ]);
    expect(again.list().conversations).toMatchObject([{ id: 'c-1', title: 'Hola', turns: 2 }]);
    expect((await stat(join(dir, 'conversations'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'conversations', 'c'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'conversations', 'c', 'c-1.log'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'conversations', 'index.log'))).mode & 0o777).toBe(0o600);
  });

  it('answers a retried turn id with its first seq and stores it once', async () => {
    const store = await ConversationStore.open(dir);
    expect(await store.append('c', turn('q'))).toEqual({ kind: 'ok', seq: 1, duplicate: false });
    expect(await store.append('c', turn('a', 'assistant'))).toMatchObject({ seq: 2 });
    expect(await store.append('c', turn('q'))).toEqual({ kind: 'ok', seq: 1, duplicate: true });
    expect((await store.page('c'))?.turns).toHaveLength(2);
  });

  it('refuses a second question while the first waits for its answer, and takes it after', async () => {
    const store = await ConversationStore.open(dir);
    const [first, second] = await Promise.all([
      store.append('c', turn('from-laptop')),
      store.append('c', turn('from-phone')),
    ]);
    expect(first).toMatchObject({ kind: 'ok', seq: 1 });
    expect(second).toEqual({ kind: 'busy', answering: 'from-laptop' });
    expect((await store.page('c'))?.answering).toBe('from-laptop');
    await store.append('c', turn('answer', 'assistant'));
    expect(await store.append('c', turn('from-phone'))).toMatchObject({ kind: 'ok', seq: 3 });
    expect((await store.page('c'))?.turns.map((t) => t.id)).toEqual([
      'from-laptop',
      'answer',
      'from-phone',
    ]);
  });

  it('lets a question through once an unanswered one’s hold has lapsed', async () => {
    let now = 1_000;
    const store = await ConversationStore.open(dir, { clock: () => now });
    await store.append('c', turn('q1'));
    now += 121_000;
    expect(await store.append('c', turn('q2'))).toMatchObject({ kind: 'ok', seq: 2 });
  });

  it('uploads a browser’s conversations once: known turn ids are skipped', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('t1'));
    const body = {
      conversations: [
        {
          id: 'c',
          createdAt: 5,
          meta: { title: 'x' },
          turns: [turn('t1'), turn('t2', 'assistant')],
        },
        { id: 'd', createdAt: 5, meta: { title: 'Otra' }, turns: [turn('u1'), turn('u1')] },
      ],
    };
    expect((await store.upload(body)).results).toEqual([
      { id: 'c', added: 1, skipped: 1, deleted: false },
      { id: 'd', added: 1, skipped: 1, deleted: false },
    ]);
    expect((await store.upload(body)).results.map((r) => r.added)).toEqual([0, 0]);
    expect((await store.page('d'))?.title).toBe('Otra');
    expect((await store.page('c'))?.turns.map((t) => t.id)).toEqual(['t1', 't2']);
  });

  it('deletes everywhere: gone from the list, refused on append and upload, listed as deleted since', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('t1'));
    const before = store.now();
    expect(await store.remove('c')).toBe(true);
    expect(store.list().conversations).toEqual([]);
    expect(store.list({ since: before - 1 }).conversations).toMatchObject([{ id: 'c' }]);
    expect(store.list({ since: before - 1 }).conversations[0]?.deletedAt).toBeTypeOf('number');
    expect(await store.append('c', turn('t2'))).toEqual({ kind: 'deleted' });
    const again = await ConversationStore.open(dir);
    expect(await again.page('c')).toBeNull();
    const up = await again.upload({
      conversations: [{ id: 'c', createdAt: 1, meta: {}, turns: [turn('t1')] }],
    });
    expect(up.results[0]).toMatchObject({ added: 0, deleted: true });
  });

  it('lists a change still being written at a listing in the listing since that one’s time', async () => {
    let now = 1_000;
    let listing: (() => void) | null = null;
    const store: ConversationStore = await ConversationStore.open(dir, {
      clock: () => {
        const at = now;
        // A device lists (in the microtask right after this change is stamped, long before
        // its fsync ends) when the clock has moved on.
        const list = listing;
        listing = null;
        if (list) {
          now = 2_000;
          queueMicrotask(list);
        }
        return at;
      },
    });
    let since = -1;
    let listed: string[] = [];
    listing = () => {
      listed = store.list().conversations.map((c) => c.id);
      since = store.now();
    };
    await store.append('late', turn('t1'));
    expect(listed).toEqual([]);
    expect(store.list({ since }).conversations.map((c) => c.id)).toEqual(['late']);
  });

  it('drops a torn last record and keeps every whole one before it', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('t1'));
    await store.append('c', turn('t2', 'assistant'));
    const log = join(dir, 'conversations', 'c', 'c.log');
    const whole = await readFile(log);
    await appendFile(log, '1234abcd {"k":"turn","at":3,"seq":3,"tu');
    const again = await ConversationStore.open(dir);
    expect((await again.page('c'))?.turns.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(await readFile(log)).toEqual(whole);
    expect(await again.append('c', turn('t3'))).toMatchObject({ seq: 3 });
    expect((await (await ConversationStore.open(dir)).page('c'))?.cursor).toBe(3);
  });

  it('rejects a record whose checksum does not match', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('t1'));
    await store.append('c', turn('t2', 'assistant', 'original'));
    const log = join(dir, 'conversations', 'c', 'c.log');
    await writeFile(log, (await readFile(log, 'utf8')).replace('original', 'cambiado'));
    const page = await (await ConversationStore.open(dir)).page('c');
    expect(page?.turns.map((t) => t.id)).toEqual(['t1']);
  });

  it('rebuilds a summary the index lost (a crash between the log and the index)', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('t1'), { title: 'Título' });
    await writeFile(join(dir, 'conversations', 'index.log'), '');
    expect((await ConversationStore.open(dir)).list().conversations).toMatchObject([
      { id: 'c', title: 'Título', turns: 1 },
    ]);
  });

  it('tells listeners of turns, answers and deletions', async () => {
    const store = await ConversationStore.open(dir);
    const events: ConversationEvent[] = [];
    store.onEvent((e) => events.push(e));
    await store.append('c', turn('q'));
    store.answerProgress('c', 'Hola');
    await store.remove('c');
    expect(events).toEqual([
      { id: 'c', change: 'meta' },
      { id: 'c', change: 'turn', seq: 1 },
      { id: 'c', change: 'answering', answering: 'q' },
      { id: 'c', change: 'delta', text: 'Hola' },
      { id: 'c', change: 'deleted' },
    ]);
  });

  it('gives a device that opens a conversation mid-answer the text written so far', async () => {
    const store = await ConversationStore.open(dir);
    await store.append('c', turn('q'));
    store.answerProgress('c', 'Hola, ');
    store.answerProgress('c', 'Marta');
    expect(await store.page('c')).toMatchObject({ answering: 'q', answerText: 'Hola, Marta' });
    await store.append('c', turn('a', 'assistant', 'Hola, Marta.'));
    expect(await store.page('c')).toMatchObject({ answering: null, answerText: '' });
  });

  it('brings in the terminal’s old conversations once, without duplicating on a rerun', async () => {
    const legacy = {
      version: 1,
      bySession: {
        abc: [turn('x'), turn('y', 'assistant')].map(({ role, content }) => ({ role, content })),
      },
    };
    await writeFile(join(dir, 'conversations.json'), JSON.stringify(legacy));
    const store = await ConversationStore.open(dir);
    expect(await importLegacyConversations(dir, store)).toBe(1);
    expect(await importLegacyConversations(dir, store)).toBe(0);
    expect(store.list().conversations).toMatchObject([
      { id: 'terminal-abc-0', title: 'texto x', turns: 2 },
    ]);
  });
});
