import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAST_USED_PERSIST_MS, SessionStore } from './session-store.ts';

async function tempDir(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'soma-sessions-')), 'config');
}

describe('SessionStore', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates the config folder 0700 and the file 0600', async () => {
    const dir = await tempDir();
    const store = await SessionStore.open(dir);
    await store.create('Firefox en Linux');
    await store.flush();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'sessions.json'))).mode & 0o777).toBe(0o600);
  });

  it('stores only the hash of the token, never the token', async () => {
    const dir = await tempDir();
    const store = await SessionStore.open(dir);
    const { token, session } = await store.create('Chromium en Linux');
    await store.flush();
    const text = await readFile(join(dir, 'sessions.json'), 'utf8');
    expect(text).not.toContain(token);
    expect(text).toContain(session.tokenHash);
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('verifies the token and refuses any other', async () => {
    const store = await SessionStore.open(await tempDir());
    const { token, session } = await store.create('x');
    expect(store.verify(token)?.id).toBe(session.id);
    expect(store.verify(`${token}x`)).toBeNull();
  });

  it('keeps sessions across a restart, written once the login has its answer', async () => {
    const dir = await tempDir();
    const store = await SessionStore.open(dir);
    const { token, session } = await store.create('Safari en iPhone');
    await store.flush();
    const reopened = await SessionStore.open(dir);
    expect(reopened.verify(token)).toMatchObject({ id: session.id, label: 'Safari en iPhone' });
  });

  it('updates lastUsedAt in memory at once and on disk at most once a minute', async () => {
    const dir = await tempDir();
    let now = 1_000;
    const store = await SessionStore.open(dir, () => now);
    const { token } = await store.create('x');
    await store.flush();
    const onDisk = async () => (await SessionStore.open(dir)).list()[0]?.lastUsedAt;

    now += 1_000;
    expect(store.verify(token)?.lastUsedAt).toBe(now);
    await store.flush();
    expect(await onDisk()).toBe(1_000);

    now = 1_000 + LAST_USED_PERSIST_MS;
    store.verify(token);
    await store.flush();
    expect(await onDisk()).toBe(now);
  });

  it('revokes a session so its token stops working, also after a restart', async () => {
    const dir = await tempDir();
    const store = await SessionStore.open(dir);
    const { token, session } = await store.create('x');
    expect(await store.revoke(session.id)).toBe(true);
    expect(store.verify(token)).toBeNull();
    expect(await store.revoke(session.id)).toBe(false);
    expect((await SessionStore.open(dir)).verify(token)).toBeNull();
  });

  it('starts empty from a corrupt file and keeps the bad file aside', async () => {
    const dir = await tempDir();
    const first = await SessionStore.open(dir);
    await first.create('x');
    await first.flush();
    await writeFile(join(dir, 'sessions.json'), '{ not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await SessionStore.open(dir, () => 42);
    expect(store.list()).toEqual([]);
    expect(await readdir(dir)).toContain('sessions.json.corrupt-42');
    expect(warn).toHaveBeenCalledOnce();
    await store.create('y');
    await store.flush();
    expect((await SessionStore.open(dir)).list().map((s) => s.label)).toEqual(['y']);
  });

  it('treats valid JSON of the wrong shape as corrupt', async () => {
    const dir = await tempDir();
    await SessionStore.open(dir);
    await writeFile(join(dir, 'sessions.json'), '{"version":1,"sessions":[{"id":3}]}');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await SessionStore.open(dir, () => 7)).list()).toEqual([]);
    expect(await readdir(dir)).toContain('sessions.json.corrupt-7');
  });
});
