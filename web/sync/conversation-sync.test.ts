import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { turnRecord } from '../../testing/web/test-records.ts';
import { getConversation, putConversation } from '../db/conversations-repo.ts';
import { deleteDatabase } from '../db/database.ts';
import { getDraft, putDraft } from '../db/drafts-repo.ts';
import { getConversationsSyncedAt } from '../db/settings-repo.ts';
import { listTurns, putTurn } from '../db/turns-repo.ts';
import { syncConversations } from './conversation-sync.ts';
import { sendAnswer, sendQuestion } from './turn-hold.ts';

let ctx: TestApp;
let cookie: string;
/** False: the laptop is out of reach, as when the phone is offline. */
let online = true;

beforeEach(async () => {
  ctx = await buildTestApp();
  cookie = await ctx.login();
  online = true;
  // The page's relative requests go to the real app, with the page's host, origin and cookie.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
    const headers = {
      ...(init.headers as Record<string, string>),
      host: HOST,
      origin: ORIGIN,
      cookie,
    };
    return ctx.app.request(url, { ...init, headers });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteDatabase();
  await ctx.close();
});

/** Another device's request, straight to the app. */
function other(path: string, method = 'GET', body?: unknown) {
  return ctx.app.request(path, {
    method,
    headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const conversation = (id: string, title: string) => ({
  id,
  title,
  createdAt: 1,
  updatedAt: 2,
  profile: 'investigador',
  project: null,
  recall: false,
});

describe('syncConversations', () => {
  it('uploads what the browser holds once, keeps its copy, and never duplicates', async () => {
    await putConversation(conversation('c', 'Desde el portátil'));
    await putTurn(turnRecord(0));
    await putTurn(turnRecord(1));
    await putTurn(turnRecord(2, { status: 'streaming' }));
    expect(await syncConversations()).toMatchObject({ pushed: 2, pulled: 0 });
    const page = await (await other('/api/conversations/c')).json();
    expect(page.title).toBe('Desde el portátil');
    expect(page.turns.map((t: { id: string }) => t.id)).toEqual(['0', '1']);
    const local = await listTurns('c');
    expect(local.map((t) => [t.id, t.synced ?? false])).toEqual([
      ['0', true],
      ['1', true],
      ['2', false],
    ]);
    expect(await syncConversations()).toMatchObject({ pushed: 0, pulled: 0 });
    expect((await (await other('/api/conversations/c')).json()).turns).toHaveLength(2);
  });

  it('pulls the turns and conversations other devices wrote, in order', async () => {
    await putConversation(conversation('c', 'x'));
    await putTurn(turnRecord(0));
    await syncConversations();
    const turn = (id: string, role: string) => ({
      turn: { id, role, content: `de otro ${id}`, status: 'complete', createdAt: 5 },
    });
    await other('/api/conversations/c/turns', 'POST', turn('a', 'assistant'));
    await other('/api/conversations/c/turns', 'POST', turn('b', 'user'));
    await other('/api/conversations/movil/turns', 'POST', {
      ...turn('m', 'user'),
      meta: { title: 'En el móvil' },
    });
    expect(await syncConversations()).toMatchObject({ pushed: 0, pulled: 3 });
    expect((await listTurns('c')).map((t) => [t.id, t.index])).toEqual([
      ['0', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(await getConversation('movil')).toMatchObject({ title: 'En el móvil', serverCursor: 1 });
  });

  it('puts another device’s answer pulled late before this browser’s next question, as the laptop keeps them', async () => {
    const c = conversation('c', '');
    await putConversation(c);
    const turn = (id: string, role: string) => ({
      turn: { id, role, content: `de otro ${id}`, status: 'complete', createdAt: 5 },
    });
    await other('/api/conversations/c/turns', 'POST', turn('q1', 'user'));
    await syncConversations();
    // The laptop answers; this browser watched it arrive but has not pulled the turn yet.
    await other('/api/conversations/c/turns', 'POST', turn('a1', 'assistant'));
    const [first] = await listTurns('c');
    expect(first).toMatchObject({ id: 'q1', index: 0 });
    const question = turnRecord(1, { id: 'q2', role: 'user' });
    const answer = turnRecord(2, { id: 'a2', role: 'assistant' });
    await putTurn(question);
    expect(await sendQuestion(c, question)).toBe('held');
    await putTurn(answer);
    await sendAnswer('c', answer);
    expect(await syncConversations()).toMatchObject({ pulled: 1 });
    const order = (await listTurns('c')).map((t) => t.id);
    expect(order).toEqual(['q1', 'a1', 'q2', 'a2']);
    const laptop = await (await other('/api/conversations/c')).json();
    expect(laptop.turns.map((t: { id: string }) => t.id)).toEqual(order);
  });

  it('sends the pinned and memory chips of a draft with its conversation, not the one-shot ones', async () => {
    await putConversation(conversation('c', 'x'));
    await putTurn(turnRecord(0));
    await putDraft({
      conversationId: 'c',
      text: '',
      chips: [
        { id: 'n', kind: 'note', path: 'a.md', pinned: true },
        { id: 'r', kind: 'recall', path: '05_Sesiones/cierre.md' },
        { id: 'p', kind: 'paste', text: 'solo esta vez' },
      ],
      updatedAt: 3,
    });
    await syncConversations();
    const page = await (await other('/api/conversations/c')).json();
    expect(page.chips.map((c: { id: string }) => c.id)).toEqual(['n', 'r']);
    await putDraft({ conversationId: 'c', text: '', chips: [], updatedAt: 4 });
    await syncConversations();
    expect((await (await other('/api/conversations/c')).json()).chips).toEqual([]);
  });

  it('puts the chips another device pinned into this browser’s draft, keeping its own one-shot chips', async () => {
    await putConversation(conversation('c', 'x'));
    await putTurn(turnRecord(0));
    await syncConversations();
    await putDraft({
      conversationId: 'c',
      text: 'a medias',
      chips: [{ id: 'p', kind: 'paste', text: 'solo esta vez' }],
      updatedAt: 3,
    });
    const pinned = {
      id: 'n',
      kind: 'note',
      body: { id: 'n', kind: 'note', path: 'a.md', pinned: true },
    };
    const memory = {
      id: 'r',
      kind: 'recall',
      body: { id: 'r', kind: 'recall', path: 'cierre.md' },
    };
    await other('/api/conversations/c', 'PATCH', { chips: [pinned, memory] });
    expect(await syncConversations()).toMatchObject({ changed: 1 });
    const draft = await getDraft('c');
    expect(draft?.text).toBe('a medias');
    expect(draft?.chips).toEqual([
      { id: 'n', kind: 'note', path: 'a.md', pinned: true },
      { id: 'r', kind: 'recall', path: 'cierre.md' },
      { id: 'p', kind: 'paste', text: 'solo esta vez' },
    ]);
    expect(await syncConversations()).toMatchObject({ changed: 0 });
  });

  it('tells of an answer being written on another device, with its text so far', async () => {
    await other('/api/conversations/c/turns', 'POST', {
      turn: { id: 'q', role: 'user', content: '¿Y mañana?', status: 'complete', createdAt: 5 },
      meta: { title: 'Desde el portátil' },
    });
    ctx.conversations.answerProgress('c', 'Mañana ');
    ctx.conversations.answerProgress('c', 'llueve');
    const outcome = await syncConversations();
    expect(outcome.answering).toEqual([{ id: 'c', question: 'q', text: 'Mañana llueve' }]);
    expect((await listTurns('c')).map((t) => t.id)).toEqual(['q']);
    await other('/api/conversations/c/turns', 'POST', {
      turn: {
        id: 'a',
        role: 'assistant',
        content: 'Mañana llueve.',
        status: 'complete',
        createdAt: 6,
      },
    });
    expect((await syncConversations()).answering).toEqual([{ id: 'c', question: null, text: '' }]);
  });

  it('sends an answer whose details have an older shape without them, and the rest with them', async () => {
    await putConversation(conversation('c', 'x'));
    // Saved by an older version: a meta the laptop no longer takes.
    await putTurn(turnRecord(0, { role: 'assistant', meta: { provider: 'viejo' } as never }));
    const error = { code: 'all_failed', message: 'Ningún proveedor respondió.' };
    await putTurn(turnRecord(1, { role: 'assistant', status: 'error', error }));
    expect(await syncConversations()).toMatchObject({ pushed: 2 });
    const page = await (await other('/api/conversations/c')).json();
    expect(page.turns.map((t: { details?: unknown }) => t.details)).toEqual([undefined, { error }]);
  });

  it('drops a conversation deleted on another device', async () => {
    await putConversation(conversation('c', 'x'));
    await putTurn(turnRecord(0));
    await syncConversations();
    await other('/api/conversations/c', 'DELETE');
    expect(await syncConversations()).toMatchObject({ deleted: 1 });
    expect(await getConversation('c')).toBeUndefined();
    expect(await listTurns('c')).toEqual([]);
  });

  it('offline, fails and keeps everything as it was, the last sync time included', async () => {
    await putConversation(conversation('c', 'x'));
    await putTurn(turnRecord(0));
    const first = await syncConversations();
    await putTurn(turnRecord(1));
    online = false;
    await expect(syncConversations()).rejects.toMatchObject({ code: 'network' });
    expect(await getConversationsSyncedAt()).toBe(first.syncedAt);
    expect((await listTurns('c')).map((t) => t.synced ?? false)).toEqual([true, false]);
    online = true;
    expect(await syncConversations()).toMatchObject({ pushed: 1 });
  });

  it('holds the conversation for this browser’s question until its answer is in', async () => {
    const c = conversation('c', '');
    await putConversation(c);
    const question = turnRecord(0, { content: '¿Qué plantamos?' });
    await putTurn(question);
    expect(await sendQuestion(c, question)).toBe('held');
    const page = await (await other('/api/conversations/c')).json();
    expect(page).toMatchObject({ title: '¿Qué plantamos?', answering: '0' });
    const fromPhone = { id: 'p', role: 'user', content: 'otra', status: 'complete', createdAt: 9 };
    expect((await other('/api/conversations/c/turns', 'POST', { turn: fromPhone })).status).toBe(
      409,
    );
    const phoneQuestion = turnRecord(4, { id: 'p2' });
    expect(await sendQuestion(c, phoneQuestion)).toBe('busy');
    await sendAnswer('c', turnRecord(1));
    expect((await other('/api/conversations/c')).ok).toBe(true);
    expect((await (await other('/api/conversations/c')).json()).answering).toBeNull();
    expect((await listTurns('c')).map((t) => t.synced)).toEqual([true, true]);
    online = false;
    expect(await sendQuestion(c, turnRecord(2))).toBe('unreachable');
  });
});
