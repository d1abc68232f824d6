import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { CONTENT_SECURITY_POLICY, secureHeaders } from './secure-headers.ts';

function makeApp(): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    throw err;
  });
  app.use(secureHeaders());
  app.get('/', (c) => c.html('<p>hola</p>'));
  app.get('/api/status', (c) => c.json({ ok: true }));
  app.get('/api/fail', () => {
    throw new ApiError(404, 'not_found', 'No existe.');
  });
  app.get('/api/cors', (c) => {
    c.header('Access-Control-Allow-Origin', '*');
    return c.json({});
  });
  return app;
}

function accessControlHeaders(res: Response): string[] {
  return [...res.headers.keys()].filter((k) => k.startsWith('access-control-'));
}

describe('secureHeaders', () => {
  it('sends a CSP with no remote source', async () => {
    const res = await makeApp().request('/');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).not.toMatch(/https?:|\*/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends the other hardening headers', async () => {
    const res = await makeApp().request('/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('marks API answers no-store but leaves the others alone', async () => {
    const app = makeApp();
    expect((await app.request('/api/status')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/')).headers.get('cache-control')).toBeNull();
  });

  it('sets the headers on error answers too', async () => {
    const res = await makeApp().request('/api/fail');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('never sends Access-Control-* headers, even to a preflight with an Origin', async () => {
    const res = await makeApp().request('/api/status', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(accessControlHeaders(res)).toEqual([]);
  });

  it('strips Access-Control-* headers that a handler set', async () => {
    const res = await makeApp().request('/api/cors', {
      headers: { Origin: 'http://evil.example' },
    });
    expect(accessControlHeaders(res)).toEqual([]);
  });
});
