import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import type { ApiError } from '../http/api-error.ts';
import { jsonContentType } from './json-content-type.ts';

describe('jsonContentType', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const login = (contentType: string | null, body: string) =>
    ctx.app.request('/api/session', {
      method: 'POST',
      headers: {
        host: HOST,
        origin: ORIGIN,
        ...(contentType === null ? {} : { 'content-type': contentType }),
      },
      body,
    });

  it('refuses a JSON body sent as text/plain, a form, multipart or with no type (415)', async () => {
    const json = JSON.stringify({ token: ctx.tokens.issue() });
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      null,
    ]) {
      const res = await login(type, json);
      expect(res.status, String(type)).toBe(415);
      expect((await res.json()).error.code).toBe('unsupported_media_type');
    }
  });

  it('accepts application/json, with parameters too', async () => {
    const res = await login(
      'application/json; charset=utf-8',
      JSON.stringify({ token: ctx.tokens.issue() }),
    );
    expect(res.status).toBe(200);
  });

  it('lets a request with an empty body through to its route', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/proposals/xyz/reject', {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, cookie, 'content-length': '0' },
    });
    expect(res.status).not.toBe(415);
  });
});

describe('jsonContentType over a real socket', () => {
  it('tells a bodiless DELETE or POST from one with a body by HTTP framing', async () => {
    const app = new Hono();
    app.onError((err, c) => c.json((err as ApiError).toBody(), (err as ApiError).status));
    app.use(jsonContentType());
    app.all('*', (c) => c.body(null, 204));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/x`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(`${base}/x`, { method: 'POST' })).status).toBe(204);
      const text = await fetch(`${base}/x`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{"token":"x"}',
      });
      expect(text.status).toBe(415);
      const json = await fetch(`${base}/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(json.status).toBe(204);
    } finally {
      server.close();
    }
  });
});
