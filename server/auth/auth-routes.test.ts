import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SessionInfoSchema, SessionsAnswerSchema } from '../../common/api-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { authRoutes, labelFromUserAgent } from './auth-routes.ts';
import { LoginTokens } from './login-token.ts';
import { RateLimiter } from './rate-limit.ts';
import { SessionStore } from './session-store.ts';

/** What main's loopback listener puts in every request's env. */
const LOOPBACK = { somaListener: 'loopback' };

const CHROMIUM_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/126.0 Chrome/126.0 Safari/537.36';

async function setup(opts: { secureCookies?: boolean; max?: number } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'soma-auth-'));
  const store = await SessionStore.open(dir);
  const tokens = new LoginTokens();
  const limiter = new RateLimiter({ max: opts.max ?? 10, windowMs: 60_000 });
  let logins = 0;
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    throw err;
  });
  app.route(
    '/api',
    authRoutes({
      store,
      tokens,
      limiter,
      secureCookies: opts.secureCookies ?? false,
      clientKey: () => '127.0.0.1',
      onLogin: () => {
        logins += 1;
      },
    }),
  );
  const login = (token: string) =>
    app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': CHROMIUM_LINUX },
      body: JSON.stringify({ token }),
    });
  /** Logs in with a fresh link and returns the `Cookie` header to send afterwards. */
  const pair = async () => {
    const res = await login(tokens.issue());
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  return { app, dir, store, tokens, login, pair, logins: () => logins };
}

describe('authRoutes', () => {
  it('logs in with the start-up token and answers the current session', async () => {
    const { tokens, login, logins } = await setup();
    const res = await login(tokens.issue());
    expect(res.status).toBe(200);
    const { session } = (await res.json()) as { session: unknown };
    expect(SessionInfoSchema.parse(session)).toMatchObject({
      current: true,
      label: 'Chromium en Linux',
    });
    expect(logins()).toBe(1);
  });

  it('sets an HttpOnly, SameSite=Strict, Path=/ cookie for a year, without Secure by default', async () => {
    const { tokens, login } = await setup();
    const cookie = (await login(tokens.issue())).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^soma_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).not.toContain('Secure');
  });

  it('adds Secure to the cookie when asked', async () => {
    const { tokens, login } = await setup({ secureCookies: true });
    expect((await login(tokens.issue())).headers.get('set-cookie')).toContain('Secure');
  });

  it('accepts a start-up token only once', async () => {
    const { tokens, login, logins } = await setup();
    const token = tokens.issue();
    expect((await login(token)).status).toBe(200);
    const again = await login(token);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { code: 'invalid_token' } });
    expect(logins()).toBe(1);
  });

  it('answers 401 invalid_token to a wrong token', async () => {
    const { tokens, login } = await setup();
    tokens.issue();
    const res = await login('wrong');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 bad_request to a body that is not JSON or lacks the token', async () => {
    const { app } = await setup();
    for (const body of ['{nope', '{}', '{"token":""}']) {
      const res = await app.request('/api/session', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });

  it('answers 429 rate_limited with Retry-After to wrong attempts past the limit', async () => {
    const { login, app } = await setup({ max: 3 });
    for (let i = 0; i < 2; i++) expect((await login('guess')).status).toBe(401);
    expect((await app.request('/api/session', { method: 'POST', body: '{nope' })).status).toBe(400);
    const res = await login('guess');
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('always accepts the right token, even while wrong attempts from that address are limited', async () => {
    const { tokens, login } = await setup({ max: 3 });
    for (let i = 0; i < 5; i++) await login('guess');
    expect((await login('guess')).status).toBe(429);
    expect((await login(tokens.issue())).status).toBe(200);
  });

  it('answers 401 no_session without a cookie or with an unknown one', async () => {
    const { app } = await setup();
    const none = await app.request('/api/session');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'no_session' } });
    const bogus = await app.request('/api/sessions', { headers: { Cookie: 'soma_session=abc' } });
    expect(bogus.status).toBe(401);
  });

  it('answers the current session to its cookie', async () => {
    const { app, pair } = await setup();
    const res = await app.request('/api/session', { headers: { Cookie: await pair() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ session: { current: true } });
  });

  it('lists every session and marks the caller as current', async () => {
    const { app, pair } = await setup();
    await pair();
    const mine = await pair();
    const res = await app.request('/api/sessions', { headers: { Cookie: mine } });
    const { sessions } = SessionsAnswerSchema.parse(await res.json());
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toMatch(/tokenHash/);
  });

  it('names a browser session by its browser and system as a code the UI words, until renamed', async () => {
    const { app, store, pair } = await setup();
    const cookie = await pair();
    const answer = async () =>
      SessionsAnswerSchema.parse(
        await (await app.request('/api/sessions', { headers: { Cookie: cookie } })).json(),
      ).sessions[0];
    expect((await answer())?.device).toEqual({
      code: 'browser_on_system',
      params: { browser: 'Chromium', system: 'Linux' },
    });
    await store.rename(store.list()[0]!.id, 'Portátil');
    expect(await answer()).toMatchObject({ label: 'Portátil' });
    expect((await answer())?.device).toBeUndefined();
  });

  it('logs out: DELETE /session ends the session and clears the cookie', async () => {
    const { app, pair } = await setup();
    const cookie = await pair();
    const res = await app.request('/api/session', {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^soma_session=;.*Max-Age=0/);
    expect((await app.request('/api/session', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('revokes another session, whose next request then gets 401', async () => {
    const { app, store, pair } = await setup();
    const phone = await pair();
    const laptop = await pair();
    const phoneId = store.list()[0]!.id;
    const res = await app.request(
      `/api/sessions/${phoneId}`,
      { method: 'DELETE', headers: { Cookie: laptop } },
      LOOPBACK,
    );
    expect(res.status).toBe(204);
    expect((await app.request('/api/session', { headers: { Cookie: phone } })).status).toBe(401);
    expect((await app.request('/api/session', { headers: { Cookie: laptop } })).status).toBe(200);
  });

  it('answers 404 not_found when revoking an unknown session', async () => {
    const { app, pair } = await setup();
    const res = await app.request(
      '/api/sessions/0123456789abcdef',
      { method: 'DELETE', headers: { Cookie: await pair() } },
      LOOPBACK,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lets a request off the loopback listener end only its own session (403 loopback_only)', async () => {
    const { app, store, pair } = await setup();
    const laptop = await pair();
    const other = await pair();
    const laptopId = store.list()[0]!.id;
    const otherId = store.list()[1]!.id;
    for (const env of [{ somaListener: 'lan' }, undefined]) {
      const res = await app.request(
        `/api/sessions/${laptopId}`,
        { method: 'DELETE', headers: { Cookie: other } },
        env,
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'loopback_only' } });
    }
    expect((await app.request('/api/session', { headers: { Cookie: laptop } })).status).toBe(200);
    const own = await app.request(
      `/api/sessions/${otherId}`,
      { method: 'DELETE', headers: { Cookie: other } },
      { somaListener: 'lan' },
    );
    expect(own.status).toBe(204);
  });

  it('tells the caller whether it may revoke others: the laptop yes, a phone no', async () => {
    const { app, pair } = await setup();
    const cookie = await pair();
    const on = async (env?: object) =>
      SessionsAnswerSchema.parse(
        await (await app.request('/api/sessions', { headers: { Cookie: cookie } }, env)).json(),
      ).canRevokeOthers;
    expect(await on(LOOPBACK)).toBe(true);
    expect(await on({ somaListener: 'lan' })).toBe(false);
  });

  it('renames a session with PATCH /sessions/:id, kept across a restart', async () => {
    const { app, dir, store, pair } = await setup();
    const phone = await pair();
    const laptop = await pair();
    const [phoneId, laptopId] = store.list().map((s) => s.id);
    const rename = (id: string, cookie: string, label: unknown, env?: object) =>
      app.request(
        `/api/sessions/${id}`,
        {
          method: 'PATCH',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ label }),
        },
        env,
      );
    const res = await rename(phoneId!, laptop, '  Móvil de Ana ', LOOPBACK);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ session: { label: 'Móvil de Ana', current: false } });
    // A phone renames itself, never another device.
    const lan = { somaListener: 'lan' };
    expect((await rename(phoneId!, phone, 'Mi móvil', lan)).status).toBe(200);
    const refused = await rename(laptopId!, phone, 'Pirata', lan);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'loopback_only' } });
    for (const bad of ['   ', 'a\u202Eb', 'x'.repeat(61), 3]) {
      expect((await rename(laptopId!, laptop, bad, LOOPBACK)).status, String(bad)).toBe(400);
    }
    expect((await rename('0123456789abcdef', laptop, 'X', LOOPBACK)).status).toBe(404);
    const reopened = await SessionStore.open(dir);
    expect(reopened.list().map((s) => s.label)).toEqual(['Mi móvil', 'Chromium en Linux']);
  });
});

describe('labelFromUserAgent', () => {
  it('names the browser and the system', () => {
    expect(labelFromUserAgent(CHROMIUM_LINUX)).toBe('Chromium en Linux');
    expect(
      labelFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari en iPhone');
    expect(
      labelFromUserAgent('Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0'),
    ).toBe('Firefox en Android');
    expect(labelFromUserAgent(undefined)).toBe('Navegador desconocido');
  });
});
