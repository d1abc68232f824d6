import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { currentHash } from './current-hashes.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let ctx: TestApp;
/** Every URL the page asked, in order. */
let asked: string[];

beforeEach(async () => {
  ctx = await buildTestApp({ notes: { 'a.md': 'uno\n', 'carpeta/b.md': 'dos\n' } });
  const cookie = await ctx.login();
  asked = [];
  // The page's relative requests go to the real app, with the page's host, origin and cookie.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(url);
    const headers = {
      ...(init.headers as Record<string, string>),
      host: HOST,
      origin: ORIGIN,
      cookie,
    };
    return ctx.app.request(url, { ...init, headers });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await ctx.close();
});

describe('currentHash', () => {
  it('sends the asks of one tick as one request, each path once, and answers each', async () => {
    const answers = await Promise.all([
      currentHash('a.md'),
      currentHash('carpeta/b.md'),
      currentHash('a.md'),
      currentHash('no-existe.md'),
    ]);
    expect(answers).toEqual([sha('uno\n'), sha('dos\n'), sha('uno\n'), null]);
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0] ?? '', ORIGIN).searchParams.getAll('path')).toEqual([
      'a.md',
      'carpeta/b.md',
      'no-existe.md',
    ]);
  });

  it('asks again in a later tick, and reads the file as it is then', async () => {
    expect(await currentHash('a.md')).toBe(sha('uno\n'));
    await writeFile(path.join(ctx.vault.root, 'a.md'), 'cambiada\n');
    expect(await currentHash('a.md')).toBe(sha('cambiada\n'));
    expect(asked).toHaveLength(2);
  });

  it('fails only the ask whose path the vault refuses', async () => {
    const [bad, good] = await Promise.allSettled([currentHash('../fuera.md'), currentHash('a.md')]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: 'invalid_path' } });
    expect(good).toEqual({ status: 'fulfilled', value: sha('uno\n') });
    expect(asked).toHaveLength(1);
  });

  it('splits more paths than the route takes into requests of its limit', async () => {
    const paths = Array.from({ length: 150 }, (_, i) => `n${i}.md`);
    const answers = await Promise.all(paths.map(currentHash));
    expect(answers.every((a) => a === null)).toBe(true);
    expect(asked.map((u) => new URL(u, ORIGIN).searchParams.getAll('path').length)).toEqual([
      100, 50,
    ]);
  });
});
