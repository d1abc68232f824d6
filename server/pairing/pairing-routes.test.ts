import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { CODE_TTL_MS } from './pairing-store.ts';

const LAN_HOST = 'soma.test:4318';
const LAN_ORIGIN = `https://${LAN_HOST}`;
const LOOPBACK = { somaListener: 'loopback' };
const LAN = { somaListener: 'lan' };

let t: TestApp;
let now: number;
let laptop: string;

beforeEach(async () => {
  now = 1_800_000_000_000;
  t = await buildTestApp({ clock: () => now, lan: { host: LAN_HOST, caCert: 'CA-PEM' } });
  laptop = await t.login();
});
afterEach(() => t.close());

/** A request as the laptop (loopback listener) or the phone (LAN listener) sends it. */
async function call(
  path: string,
  opts: { method?: string; body?: unknown; cookie?: string; on?: 'laptop' | 'phone' } = {},
): Promise<Response> {
  const phone = opts.on === 'phone';
  const headers: Record<string, string> = {
    host: phone ? LAN_HOST : HOST,
    origin: phone ? LAN_ORIGIN : ORIGIN,
    'content-type': 'application/json',
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  const init: RequestInit = { method: opts.method ?? 'GET', headers };
  if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
  return t.app.request(path, init, phone ? LAN : LOOPBACK);
}

async function newCode(): Promise<{ id: string; code: string; url: string }> {
  const res = await call('/api/pairing', { method: 'POST', cookie: laptop });
  expect(res.status).toBe(201);
  return res.json();
}

async function claim(code: string, name = 'Pixel de Ana') {
  return call('/api/pairing/claim', { method: 'POST', body: { code, name }, on: 'phone' });
}

/** Pairs a phone all the way and returns its cookie. */
async function pairPhone(): Promise<string> {
  const { id, code } = await newCode();
  const { claim: secret } = await (await claim(code)).json();
  expect((await call(`/api/pairing/${id}`, { cookie: laptop }).then((r) => r.json())).name).toBe(
    'Pixel de Ana',
  );
  expect(
    (await call(`/api/pairing/${id}/approve`, { method: 'POST', cookie: laptop })).status,
  ).toBe(204);
  const res = await call('/api/pairing/claim/status', {
    method: 'POST',
    body: { claim: secret },
    on: 'phone',
  });
  expect(await res.json()).toEqual({ status: 'approved' });
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  expect(setCookie).toMatch(/Secure/);
  return setCookie.split(';')[0]!;
}

describe('server/pairing/pairing-routes', () => {
  it('pairs a phone: QR link, claim, approval on the laptop, its own session', async () => {
    const { url } = await newCode();
    expect(url).toMatch(/^https:\/\/soma\.test:4318\/pair#[\w-]{24}$/);
    const phone = await pairPhone();
    expect((await call('/api/status', { cookie: phone, on: 'phone' })).status).toBe(200);
    const sessions = await (await call('/api/sessions', { cookie: laptop })).json();
    expect(sessions.sessions.map((s: { label: string }) => s.label)).toContain('Pixel de Ana');
  });

  it('refuses a wrong, a used and an expired code', async () => {
    expect((await claim('x'.repeat(24))).status).toBe(401);
    const { code } = await newCode();
    expect((await claim(code)).status).toBe(202);
    const used = await claim(code);
    expect(used.status).toBe(401);
    expect((await used.json()).error.code).toBe('invalid_code');
    const late = await newCode();
    now += CODE_TTL_MS + 1;
    expect((await claim(late.code)).status).toBe(401);
    expect(
      (await call(`/api/pairing/${late.id}`, { cookie: laptop }).then((r) => r.json())).status,
    ).toBe('expired');
  });

  it('rate-limits claim attempts per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await claim(`malo-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const { code } = await newCode();
    expect((await claim(code)).status).toBe(429);
  });

  it('gives a rejected phone no session', async () => {
    const { id, code } = await newCode();
    const { claim: secret } = await (await claim(code)).json();
    await call(`/api/pairing/${id}/reject`, { method: 'POST', cookie: laptop });
    const res = await call('/api/pairing/claim/status', {
      method: 'POST',
      body: { claim: secret },
      on: 'phone',
    });
    expect(await res.json()).toEqual({ status: 'rejected' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('ends a revoked phone session at once with 401', async () => {
    const phone = await pairPhone();
    const list = await (await call('/api/sessions', { cookie: laptop })).json();
    const id = list.sessions.find((s: { label: string }) => s.label === 'Pixel de Ana').id;
    expect((await call(`/api/sessions/${id}`, { method: 'DELETE', cookie: laptop })).status).toBe(
      204,
    );
    expect((await call('/api/status', { cookie: phone, on: 'phone' })).status).toBe(401);
  });

  it('lets a paired phone end its own session but not the laptop one (403 loopback_only)', async () => {
    const phone = await pairPhone();
    const list = await (await call('/api/sessions', { cookie: phone, on: 'phone' })).json();
    const mine = list.sessions.find((s: { current: boolean }) => s.current).id;
    const other = list.sessions.find((s: { current: boolean }) => !s.current).id;
    const res = await call(`/api/sessions/${other}`, {
      method: 'DELETE',
      cookie: phone,
      on: 'phone',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('loopback_only');
    expect((await call('/api/status', { cookie: laptop })).status).toBe(200);
    expect(
      (await call(`/api/sessions/${mine}`, { method: 'DELETE', cookie: phone, on: 'phone' }))
        .status,
    ).toBe(204);
    expect((await call('/api/status', { cookie: phone, on: 'phone' })).status).toBe(401);
  });

  it('lets neither a paired phone nor the LAN listener create pairings or read LAN info', async () => {
    const phone = await pairPhone();
    for (const on of ['phone', 'laptop'] as const) {
      const res = await call('/api/pairing', { method: 'POST', cookie: phone, on });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('loopback_only');
    }
    // The laptop's own session, but arriving over the LAN listener: refused too.
    expect(
      (await call('/api/pairing', { method: 'POST', cookie: laptop, on: 'phone' })).status,
    ).toBe(403);
    expect((await call('/api/lan', { cookie: phone, on: 'phone' })).status).toBe(403);
    expect((await call('/api/pairing', { method: 'POST' })).status).toBe(401);
  });

  it('tells the laptop where phones connect and serves the authority alone', async () => {
    const info = await (await call('/api/lan', { cookie: laptop })).json();
    expect(info).toEqual({
      enabled: true,
      urls: [LAN_ORIGIN],
      caFingerprintSha256: 'AA:BB',
      caDownload: '/api/lan/ca.crt',
    });
    const ca = await call('/api/lan/ca.crt', { on: 'phone' });
    expect(ca.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    expect(await ca.text()).toBe('CA-PEM');
  });
});
