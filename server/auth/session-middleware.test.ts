import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/error-handler.ts';
import { type AuthEnv, requireSession, SESSION_COOKIE } from './session-middleware.ts';
import { SessionStore } from './session-store.ts';

let dir: string;
let store: SessionStore;
let app: Hono<AuthEnv>;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-session-mw-'));
  store = await SessionStore.open(dir);
  app = new Hono<AuthEnv>();
  app.onError(errorHandler(() => {}));
  app.use(requireSession(store));
  app.get('/yo', (c) => c.json({ via: c.var.session.via ?? 'link' }));
});
afterEach(async () => {
  await store.flush();
  await rm(dir, { recursive: true, force: true });
});

/** GET /yo with `token` as the session cookie, tagged as main's or the LAN listener does. */
const ask = (token: string, listener?: 'loopback' | 'lan') =>
  app.request(
    '/yo',
    { headers: { cookie: `${SESSION_COOKIE}=${token}` } },
    listener ? { somaListener: listener } : undefined,
  );

describe('server/auth/session-middleware', () => {
  it('lets a live session through on either listener', async () => {
    const { token } = await store.create('Chromium en Linux', 'link');
    for (const listener of ['loopback', 'lan'] as const) {
      const res = await ask(token, listener);
      expect([listener, res.status, await res.json()]).toEqual([listener, 200, { via: 'link' }]);
    }
  });

  it('answers 401 no_session without a cookie or with an unknown one', async () => {
    for (const res of [
      await app.request('/yo', {}, { somaListener: 'loopback' }),
      await ask('x', 'loopback'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'no_session' } });
    }
  });

  it('accepts the terminal’s token on the loopback listener only, never on the LAN one', async () => {
    const { token } = await store.create('Terminal (soma)', 'cli');
    expect((await ask(token, 'loopback')).status).toBe(200);
    for (const listener of ['lan', undefined] as const) {
      const res = await ask(token, listener);
      expect([listener, res.status]).toEqual([listener, 401]);
      expect(await res.json()).toMatchObject({ error: { code: 'no_session' } });
    }
    // Refused, not revoked: the terminal on the laptop keeps working.
    expect((await ask(token, 'loopback')).status).toBe(200);
  });
});
