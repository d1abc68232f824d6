import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

let ctx: TestApp;
let cookie: string;
beforeEach(async () => {
  ctx = await buildTestApp();
  cookie = await ctx.login();
});
afterEach(() => ctx.close());

/** A request as the PWA makes it: its host, origin and session cookie. */
function call(path: string, method = 'GET', body?: unknown, as = cookie) {
  return ctx.app.request(path, {
    method,
    headers: {
      host: HOST,
      origin: ORIGIN,
      cookie: as,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const turn = (id: string, role: 'user' | 'assistant' = 'user') => ({
  id,
  role,
  content: `texto ${id}`,
  status: 'complete',
  createdAt: 1,
});

/** Reads an event stream's text until `needle` arrives or the stream ends. */
function streamReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    text: () => text,
    async until(needle: string): Promise<boolean> {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += decoder.decode(value);
      }
      return true;
    },
    cancel: () => reader.cancel(),
  };
}

describe('conversationsRoutes', () => {
  it('keeps an answer’s details only when they have the shape a browser saves', async () => {
    const meta = {
      sent: [],
      notices: [],
      droppedTurns: 0,
      provider: 'local',
      model: 'm1',
      fallbacks: [],
      ttftMs: 120,
      totalMs: 900,
      usage: null,
    };
    const answer = { ...turn('a', 'assistant'), details: { meta } };
    expect((await call('/api/conversations/c/turns', 'POST', { turn: turn('q') })).status).toBe(
      201,
    );
    const odd = { ...turn('b', 'assistant'), details: { meta: { provider: 7 }, extra: 'x' } };
    expect((await call('/api/conversations/c/turns', 'POST', { turn: odd })).status).toBe(400);
    expect((await call('/api/conversations/c/turns', 'POST', { turn: answer })).status).toBe(201);
    const page = await (await call('/api/conversations/c')).json();
    expect(page.turns.at(-1).details).toEqual({ meta });
  });

  it('lists, opens after a cursor, renames and deletes a conversation', async () => {
    const meta = { title: 'Plan', profile: 'investigador', project: null };
    expect(
      (await call('/api/conversations/c1/turns', 'POST', { turn: turn('q'), meta })).status,
    ).toBe(201);
    await call('/api/conversations/c1/turns', 'POST', { turn: turn('a', 'assistant') });
    const list = await (await call('/api/conversations')).json();
    expect(list.conversations).toMatchObject([
      { id: 'c1', title: 'Plan', turns: 2, profile: 'investigador' },
    ]);
    const page = await (await call('/api/conversations/c1?after=1')).json();
    expect(page.turns.map((t: { id: string }) => t.id)).toEqual(['a']);
    expect(page).toMatchObject({ cursor: 2, answering: null });
    expect((await call('/api/conversations/c1', 'PATCH', { title: 'Nuevo' })).status).toBe(204);
    expect((await (await call('/api/conversations/c1')).json()).title).toBe('Nuevo');
    expect((await call('/api/conversations/c1', 'DELETE')).status).toBe(204);
    expect((await call('/api/conversations/c1')).status).toBe(404);
    const late = await call('/api/conversations/c1/turns', 'POST', { turn: turn('x') });
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: { code: 'conversation_deleted' } });
    const since = await (await call(`/api/conversations?since=${list.now - 1}`)).json();
    expect(since.conversations[0]).toMatchObject({ id: 'c1' });
    expect(since.conversations[0].deletedAt).toBeTypeOf('number');
  });

  it('lists in pages, the most recently changed first', async () => {
    for (const id of ['p1', 'p2', 'p3']) {
      await call(`/api/conversations/${id}/turns`, 'POST', { turn: turn(`q-${id}`) });
    }
    const first = await (await call('/api/conversations?limit=2')).json();
    expect(first.conversations.map((c: { id: string }) => c.id)).toEqual(['p3', 'p2']);
    expect(first.total).toBe(3);
    const next = await (await call('/api/conversations?limit=2&offset=2')).json();
    expect(next.conversations.map((c: { id: string }) => c.id)).toEqual(['p1']);
  });

  it('answers a retried turn 200 with its first seq, and a second question 409 with the first’s id', async () => {
    await call('/api/conversations/c/turns', 'POST', { turn: turn('q1') });
    const retry = await call('/api/conversations/c/turns', 'POST', { turn: turn('q1') });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ seq: 1, duplicate: true });
    const busy = await call('/api/conversations/c/turns', 'POST', { turn: turn('q2') });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({
      error: { code: 'conversation_busy', params: { turnId: 'q1' } },
    });
  });

  it('uploads a browser’s conversations, deduplicated by conversation and turn ids', async () => {
    const body = {
      conversations: [
        {
          id: 'b1',
          createdAt: 3,
          meta: { title: 'Vieja' },
          turns: [turn('t1'), turn('t2', 'assistant')],
        },
      ],
    };
    expect(await (await call('/api/conversations/upload', 'POST', body)).json()).toEqual({
      results: [{ id: 'b1', added: 2, skipped: 0, deleted: false }],
    });
    expect(await (await call('/api/conversations/upload', 'POST', body)).json()).toEqual({
      results: [{ id: 'b1', added: 0, skipped: 2, deleted: false }],
    });
  });

  it('refuses a malformed id, a cross-site write and a request without a session', async () => {
    expect((await call('/api/conversations/a.b')).status).toBe(400);
    expect((await call('/api/conversations/c?after=-1')).status).toBe(400);
    const cross = await ctx.app.request('/api/conversations/c/turns', {
      method: 'POST',
      headers: {
        host: HOST,
        origin: 'http://evil.example',
        cookie,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ turn: turn('q') }),
    });
    expect(cross.status).toBe(403);
    expect((await call('/api/conversations', 'GET', undefined, '')).status).toBe(401);
  });

  it('tells other devices of changes, and a revoked session hears nothing more at once', async () => {
    const phone = await ctx.login();
    const res = await call('/api/events', 'GET', undefined, phone);
    const events = streamReader(res);
    await events.until('event: ready');
    await call('/api/conversations/c/turns', 'POST', { turn: turn('q-laptop') });
    expect(await events.until('"answering":"q-laptop"')).toBe(true);
    expect(events.text()).toContain('event: conversation');
    expect((await call('/api/session', 'DELETE', undefined, phone)).status).toBe(204);
    expect((await call('/api/conversations', 'GET', undefined, phone)).status).toBe(401);
    await call('/api/conversations/c/turns', 'POST', { turn: turn('secreto', 'assistant') });
    // The stream closes instead of passing the change on.
    expect(await events.until('"seq":2')).toBe(false);
  });
});
