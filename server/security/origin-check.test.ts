import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { originCheck, streamOriginCheck } from './origin-check.ts';

const ORIGIN = 'http://127.0.0.1:4317';
const opts = { allowedOrigins: () => [ORIGIN, 'http://localhost:4317'] };

function makeApp(): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    throw err;
  });
  app.use('/api/*', originCheck(opts));
  app.use('/api/events', streamOriginCheck(opts));
  app.all('/api/thing', (c) => c.text('ok'));
  app.get('/api/events', (c) => c.text('stream'));
  return app;
}

async function send(path: string, method: string, headers: Record<string, string>) {
  return makeApp().request(path, { method, headers });
}

describe('originCheck', () => {
  it('lets a POST with an exact allowed Origin through', async () => {
    expect((await send('/api/thing', 'POST', { Origin: ORIGIN })).status).toBe(200);
  });

  it('answers 403 forbidden_origin to a POST from a foreign origin', async () => {
    const res = await send('/api/thing', 'POST', { Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
  });

  it('refuses a POST without an Origin header', async () => {
    expect((await send('/api/thing', 'POST', {})).status).toBe(403);
  });

  it('refuses Origin: null', async () => {
    expect((await send('/api/thing', 'DELETE', { Origin: 'null' })).status).toBe(403);
  });

  it('refuses an origin that only resembles an allowed one', async () => {
    for (const origin of [`${ORIGIN}/`, 'http://127.0.0.1:4318', 'https://127.0.0.1:4317']) {
      expect((await send('/api/thing', 'PUT', { Origin: origin })).status).toBe(403);
    }
  });

  it('lets GET, HEAD and OPTIONS through without an Origin', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect((await send('/api/thing', method, {})).status).toBe(200);
    }
  });
});

describe('streamOriginCheck', () => {
  it('lets a same-origin EventSource (no Origin, Sec-Fetch-Site: same-origin) through', async () => {
    const res = await send('/api/events', 'GET', { 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site stream request', async () => {
    const res = await send('/api/events', 'GET', { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
  });

  it('refuses a same-site stream request (another port on localhost)', async () => {
    expect((await send('/api/events', 'GET', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
  });

  it('refuses a stream request with neither Origin nor Sec-Fetch-Site', async () => {
    expect((await send('/api/events', 'GET', {})).status).toBe(403);
  });

  it('judges by the Origin when one is present', async () => {
    const ok = await send('/api/events', 'GET', { Origin: ORIGIN, 'Sec-Fetch-Site': 'cross-site' });
    expect(ok.status).toBe(200);
    const bad = await send('/api/events', 'GET', {
      Origin: 'http://evil.example',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(bad.status).toBe(403);
  });
});
