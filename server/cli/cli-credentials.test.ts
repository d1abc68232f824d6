import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../auth/session-store.ts';
import { CLI_SESSION_LABEL, ensureCliCredentials } from './cli-credentials.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-cli-cred-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const read = async () => JSON.parse(await readFile(join(dir, 'cli.json'), 'utf8'));

describe('ensureCliCredentials', () => {
  it('writes cli.json readable only by its owner, with a session of its own', async () => {
    const sessions = await SessionStore.open(dir);
    const creds = await ensureCliCredentials({
      configDir: dir,
      sessions,
      url: 'http://127.0.0.1:4317',
    });
    expect((await stat(join(dir, 'cli.json'))).mode & 0o777).toBe(0o600);
    expect(await read()).toEqual(creds);
    const session = sessions.verify(creds.token);
    expect(session).toMatchObject({ label: CLI_SESSION_LABEL, via: 'cli' });
  });

  it('keeps a live token across restarts and rewrites the URL', async () => {
    const first = await ensureCliCredentials({
      configDir: dir,
      sessions: await SessionStore.open(dir),
      url: 'http://127.0.0.1:4317',
    });
    const reopened = await SessionStore.open(dir);
    const again = await ensureCliCredentials({
      configDir: dir,
      sessions: reopened,
      url: 'http://127.0.0.1:5000',
    });
    expect(again.token).toBe(first.token);
    expect(again.url).toBe('http://127.0.0.1:5000');
    expect(reopened.list()).toHaveLength(1);
  });

  it('replaces a revoked token, and never reuses a browser session’s token', async () => {
    const sessions = await SessionStore.open(dir);
    const first = await ensureCliCredentials({
      configDir: dir,
      sessions,
      url: 'http://127.0.0.1:4317',
    });
    await sessions.revoke(sessions.verify(first.token)!.id);
    const second = await ensureCliCredentials({
      configDir: dir,
      sessions,
      url: 'http://127.0.0.1:4317',
    });
    expect(second.token).not.toBe(first.token);
    const browser = await sessions.create('Chrome en Linux');
    await writeFile(join(dir, 'cli.json'), JSON.stringify({ ...second, token: browser.token }));
    const third = await ensureCliCredentials({
      configDir: dir,
      sessions,
      url: 'http://127.0.0.1:4317',
    });
    expect(third.token).not.toBe(browser.token);
  });

  it('narrows a file someone made readable by others back to 0600', async () => {
    const sessions = await SessionStore.open(dir);
    await ensureCliCredentials({ configDir: dir, sessions, url: 'http://127.0.0.1:4317' });
    await writeFile(join(dir, 'cli.json'), 'no es json', { mode: 0o644 });
    await ensureCliCredentials({ configDir: dir, sessions, url: 'http://127.0.0.1:4317' });
    expect((await stat(join(dir, 'cli.json'))).mode & 0o777).toBe(0o600);
  });
});
