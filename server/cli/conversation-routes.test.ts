import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { ConversationStore } from '../conversations/conversation-store.ts';
import { HarnessStore } from '../harness/harness-store.ts';
import { errorHandler } from '../http/error-handler.ts';
import { conversationRoutes } from './conversation-routes.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-conv-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The routes behind a stand-in for the session check: the header names the session. */
async function app() {
  const harness = await HarnessStore.open('harness/soma.json');
  const store = await ConversationStore.open(dir);
  const a = new Hono<AuthEnv>();
  a.onError(errorHandler());
  a.use(async (c, next) => {
    const id = c.req.header('x-session') ?? 'a';
    c.set('session', { id, tokenHash: '', label: id, createdAt: 0, lastUsedAt: 0 });
    await next();
  });
  a.route('/conversation', conversationRoutes({ store, harness }));
  return { a, turns: harness.current().history.turns };
}

const post = (session: string, turns: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-session': session },
  body: JSON.stringify({ turns }),
});
const exchange = (n: number) => [
  { role: 'user', content: `pregunta ${n}` },
  { role: 'assistant', content: `respuesta ${n}` },
];

describe('conversationRoutes', () => {
  it('keeps one conversation per session, across a restart', async () => {
    const { a } = await app();
    expect((await a.request('/conversation/turns', post('a', exchange(1)))).status).toBe(204);
    await a.request('/conversation/turns', post('b', exchange(2)));
    const again = (await app()).a;
    const res = await again.request('/conversation', { headers: { 'x-session': 'a' } });
    expect(await res.json()).toEqual({ turns: exchange(1) });
  });

  it('keeps only the last turns the harness sends', async () => {
    const { a, turns } = await app();
    for (let i = 0; i < turns + 3; i++)
      await a.request('/conversation/turns', post('a', exchange(i)));
    const body = (await (await a.request('/conversation')).json()) as { turns: unknown[] };
    expect(body.turns).toHaveLength(2 * turns);
    expect(body.turns[0]).toEqual({ role: 'user', content: 'pregunta 3' });
  });

  it('forgets the caller’s conversation on DELETE and refuses malformed turns', async () => {
    const { a } = await app();
    await a.request('/conversation/turns', post('a', exchange(1)));
    await a.request('/conversation/turns', post('b', exchange(2)));
    expect((await a.request('/conversation', { method: 'DELETE' })).status).toBe(204);
    expect(await (await a.request('/conversation')).json()).toEqual({ turns: [] });
    const b = await a.request('/conversation', { headers: { 'x-session': 'b' } });
    expect(await b.json()).toEqual({ turns: exchange(2) });
    const bad = await a.request(
      '/conversation/turns',
      post('a', [{ role: 'system', content: 'x' }]),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'bad_request' } });
  });
});
