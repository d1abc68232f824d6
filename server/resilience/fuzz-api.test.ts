import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

/**
 * Every API route, fed random and malformed input: the answer is never a 500,
 * and every failure carries `{ error: { code, message } }`. Routes that reach
 * the network (/extract, /web, /chat) are fed bodies their validation must
 * refuse or that resolve before any upstream call (no provider is configured).
 */
const ROUTES: { method: 'GET' | 'POST' | 'DELETE'; path: string }[] = [
  { method: 'POST', path: '/api/session' },
  { method: 'GET', path: '/api/vault/note' },
  { method: 'GET', path: '/api/vault/folder' },
  { method: 'POST', path: '/api/vault/batch' },
  { method: 'POST', path: '/api/chat' },
  { method: 'POST', path: '/api/proposals/synapses' },
  { method: 'POST', path: '/api/proposals/save' },
  { method: 'POST', path: '/api/proposals/write' },
  { method: 'POST', path: '/api/proposals/closing' },
  { method: 'POST', path: '/api/proposals/xyz/confirm' },
  { method: 'POST', path: '/api/proposals/xyz/reject' },
  { method: 'DELETE', path: '/api/sessions/xyz' },
  { method: 'POST', path: '/api/pairing/claim' },
  { method: 'POST', path: '/api/pairing/claim/status' },
];

/** Odd text: control characters, lone surrogates, RTL marks, combining marks, long runs. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('..', '%2e%2e/x', '\u0000', '\ud800', '\u202e', 'n\u0303', '.obsidian/x.md'),
  fc.string({ maxLength: 10 }).map((s) => s.repeat(2_000)),
);

/** A body: random JSON, JSON of the right shape with wrong values, or not JSON at all. */
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc
    .record(
      {
        token: oddString,
        path: oddString,
        paths: fc.array(oddString, { maxLength: 5 }),
        message: oddString,
        answer: oddString,
        content: oddString,
        question: oddString,
        signature: oddString,
        code: oddString,
        claim: oddString,
        attachments: fc.array(fc.record({ kind: oddString, path: oddString }), { maxLength: 3 }),
        meta: fc.record({
          profile: oddString,
          provider: oddString,
          model: oddString,
          sources: fc.array(oddString, { maxLength: 2 }),
        }),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  oddString,
);

/** Percent-encodes, or sends the raw bytes of a lone surrogate (invalid UTF-8) as a client could. */
function encodeQuery(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80%FF';
  }
}

describe('API under random input', () => {
  let ctx: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: {} });
    cookie = await ctx.login();
  });
  afterAll(async () => {
    await ctx.close();
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path} never answers 500 and always explains a failure`, async () => {
      await fc.assert(
        fc.asyncProperty(body, oddString, async (payload, query) => {
          const url =
            route.method === 'GET' ? `${route.path}?path=${encodeQuery(query)}` : route.path;
          const res = await ctx.app.request(url, {
            method: route.method,
            headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
            ...(route.method === 'POST' ? { body: payload } : {}),
          });
          expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
          if (res.status >= 400) {
            const json = await res.json();
            expect(typeof json.error?.code).toBe('string');
            expect(typeof json.error?.message).toBe('string');
          } else {
            await res.arrayBuffer();
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('writes nothing to the vault whatever it is sent', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(ctx.vault.root, { recursive: true });
    expect(files.filter((f) => String(f).startsWith('05_Salida/'))).toEqual([]);
    expect(files.some((f) => String(f).includes('.obsidian'))).toBe(false);
  });
});
