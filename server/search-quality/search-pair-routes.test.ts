import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { errorHandler } from '../http/error-handler.ts';
import { searchPairRoutes } from './search-pair-routes.ts';
import { SearchPairStore } from './search-pair-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-pairs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The routes over a store in `dir`, as a new server start would open it; time is `at`. */
async function app(at = 1_000) {
  const a = new Hono<AuthEnv>();
  a.onError(errorHandler());
  a.route(
    '/search-pairs',
    searchPairRoutes({ store: await SearchPairStore.open(dir), clock: () => at }),
  );
  return a;
}

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const pair = { query: 'copia de seguridad', path: 'Notas/Backup.md', from: 'search' };
const list = async (a: Hono<AuthEnv>) =>
  (await (await a.request('/search-pairs')).json()) as unknown;

describe('searchPairRoutes', () => {
  it('remembers a pair across a restart, in a file only its owner can read', async () => {
    expect((await (await app()).request('/search-pairs', post(pair))).status).toBe(204);
    expect(await list(await app())).toEqual({ pairs: [{ ...pair, at: 1_000 }] });
    expect((await stat(join(dir, 'search-pairs.json'))).mode & 0o777).toBe(0o600);
  });

  it('keeps one pair per question and note, renewing its time', async () => {
    await (await app(1)).request('/search-pairs', post(pair));
    await (await app(2)).request('/search-pairs', post({ ...pair, path: 'Otra.md' }));
    await (await app(3)).request('/search-pairs', post({ ...pair, from: 'related' }));
    expect(await list(await app())).toEqual({
      pairs: [
        { ...pair, path: 'Otra.md', at: 2 },
        { ...pair, from: 'related', at: 3 },
      ],
    });
  });

  it('erases every pair, for good', async () => {
    await (await app()).request('/search-pairs', post(pair));
    expect((await (await app()).request('/search-pairs', { method: 'DELETE' })).status).toBe(204);
    expect(await list(await app())).toEqual({ pairs: [] });
  });

  it('refuses a pair without a note path or from an unknown place', async () => {
    const a = await app();
    expect((await a.request('/search-pairs', post({ ...pair, path: '' }))).status).toBe(400);
    expect((await a.request('/search-pairs', post({ ...pair, from: 'web' }))).status).toBe(400);
    expect(await list(a)).toEqual({ pairs: [] });
  });
});
