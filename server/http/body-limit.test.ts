import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.ts';
import { errorHandler } from './error-handler.ts';

const MAX = 1000;

/** An app that answers the size of the JSON string it was sent. */
function app(): Hono {
  const a = new Hono();
  a.onError(errorHandler());
  a.use(bodyLimit(MAX));
  a.post('/', async (c) => c.json({ length: ((await c.req.json()) as string).length }));
  a.get('/', (c) => c.json({ ok: true }));
  return a;
}

describe('server/http/body-limit', () => {
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app().fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  const post = (body: BodyInit, init: RequestInit = {}) =>
    fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init });

  it('lets a body within the limit through to the route, whatever its framing', async () => {
    const small = JSON.stringify('x'.repeat(MAX - 10));
    expect(await (await post(small)).json()).toEqual({ length: MAX - 10 });
    const chunked = new Blob([small]).stream();
    const res = await post(chunked, { duplex: 'half' } as RequestInit);
    expect(await res.json()).toEqual({ length: MAX - 10 });
    expect((await fetch(base)).status).toBe(200);
  });

  it('refuses a larger declared size from the header, without waiting for the body', async () => {
    // The body is never sent: an answer at all shows the header alone decided.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(MAX + 1) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('bad_request');
  });

  it('counts a chunked body and refuses it past the limit', async () => {
    const big = new Blob([JSON.stringify('x'.repeat(MAX * 3))]).stream();
    const res = await post(big, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('bad_request');
  });

  it('refuses a larger body built in memory, which declares no size', async () => {
    const res = await app().request('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify('x'.repeat(MAX * 3)),
    });
    expect(res.status).toBe(413);
  });
});
