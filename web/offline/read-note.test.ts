import 'fake-indexeddb/auto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { deleteDatabase } from '../db/database.ts';
import { copiedNotes } from '../db/vault-copy-repo.ts';
import type { ApiError } from '../lib/api-error.ts';
import { listenServedFromCache } from './network-status.ts';
import { readNote } from './read-note.ts';

const PATH = 'notas/faro.md';

let ctx: TestApp;
let cookie: string;
/** False: the server is out of reach. */
let online = true;

beforeEach(async () => {
  ctx = await buildTestApp({ notes: { [PATH]: 'El faro alumbra la costa.' } });
  cookie = await ctx.login();
  online = true;
  // The page's relative requests go to the real app, with the page's host, origin and cookie.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
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
  listenServedFromCache(null);
  vi.unstubAllGlobals();
  await deleteDatabase();
  await ctx.close();
});

describe('web/offline/read-note', () => {
  it("reads the server's note and keeps a copy of it for offline reading", async () => {
    const note = await readNote(PATH);
    expect(note.body).toContain('El faro alumbra la costa.');
    await expect.poll(async () => (await copiedNotes([PATH]))[0]?.hash).toBe(note.hash);
  });

  it('answers with the saved copy when the server is out of reach, and says so', async () => {
    await readNote(PATH);
    await expect.poll(async () => (await copiedNotes([PATH])).length).toBe(1);
    const heard: unknown[] = [];
    listenServedFromCache((error) => heard.push(error));
    online = false;
    const saved = await readNote(PATH);
    expect(saved.body).toContain('El faro alumbra la costa.');
    expect(heard).toHaveLength(1);
  });

  it('passes on an unreachable server when it has no saved copy', async () => {
    online = false;
    await expect(readNote(PATH)).rejects.toMatchObject({ code: 'network' });
  });

  it("passes on the server's refusal even with a saved copy: only a lost network falls back", async () => {
    await readNote(PATH);
    await expect.poll(async () => (await copiedNotes([PATH])).length).toBe(1);
    await rm(join(ctx.vault.root, PATH));
    // A 404 once the server has seen the file go; the saved copy must not stand in for it.
    const status = () =>
      readNote(PATH).then(
        () => 200,
        (error: ApiError) => error.status,
      );
    await expect.poll(status).toBe(404);
  });
});
