import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { hostCheck } from './host-check.ts';

const ALLOWED = ['127.0.0.1:4317', 'localhost:4317', '[::1]:4317'];

function makeApp(): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    throw err;
  });
  app.use(hostCheck({ allowedHosts: () => ALLOWED }));
  app.get('/', (c) => c.text('ok'));
  return app;
}

async function statusFor(host: string | undefined): Promise<number> {
  const headers: Record<string, string> = host === undefined ? {} : { Host: host };
  return (await makeApp().request('/', { headers })).status;
}

describe('hostCheck', () => {
  it('lets each allowed host through', async () => {
    for (const host of ALLOWED) expect(await statusFor(host)).toBe(200);
  });

  it('matches the host case-insensitively', async () => {
    expect(await statusFor('LOCALHOST:4317')).toBe(200);
  });

  it('answers 403 forbidden_host for a foreign host', async () => {
    const res = await makeApp().request('/', { headers: { Host: 'evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden_host' } });
  });

  it('refuses hosts that merely start with an allowed name', async () => {
    expect(await statusFor('localhost.evil.example')).toBe(403);
    expect(await statusFor('localhost.evil.example:4317')).toBe(403);
    expect(await statusFor('127.0.0.1.nip.io:4317')).toBe(403);
  });

  it('refuses an allowed name on the wrong port or without a port', async () => {
    expect(await statusFor('127.0.0.1:9999')).toBe(403);
    expect(await statusFor('localhost')).toBe(403);
  });

  it('refuses a request with no Host header', async () => {
    expect(await statusFor(undefined)).toBe(403);
  });

  it('refuses every random Host that is not in the list', async () => {
    const allowed = new Set(ALLOWED.map((h) => h.toLowerCase()));
    const hostLike = fc.oneof(
      fc.string(),
      fc.domain(),
      fc.tuple(fc.constantFrom(...ALLOWED), fc.string({ minLength: 1 })).map(([a, b]) => a + b),
      fc.tuple(fc.string({ minLength: 1 }), fc.constantFrom(...ALLOWED)).map(([a, b]) => a + b),
      fc.tuple(fc.domain(), fc.integer({ min: 0, max: 65535 })).map(([d, p]) => `${d}:${p}`),
    );
    await fc.assert(
      fc.asyncProperty(
        hostLike.filter((h) => !allowed.has(h.toLowerCase())),
        async (host) => {
          // Headers cannot carry some characters; those never reach us as a Host at all.
          let headers: Headers;
          try {
            headers = new Headers({ Host: host });
          } catch {
            return;
          }
          // Header values are trimmed on the wire, so an allowed name with spaces is allowed.
          fc.pre(!allowed.has((headers.get('host') ?? '').toLowerCase()));
          expect((await makeApp().request('/', { headers })).status).toBe(403);
        },
      ),
      { numRuns: 300 },
    );
  });
});
