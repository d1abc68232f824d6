import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsentStore } from './consent-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-consent-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('server/embeddings/consent-store', () => {
  it('names one endpoint and model, remembered across a reopen until revoked', async () => {
    const c = await ConsentStore.open(dir);
    expect(c.given('https://e.example', 'm')).toBe(false);
    await c.give('https://e.example', 'm', new Date(0));
    const d = await ConsentStore.open(dir);
    expect(d.given('https://e.example', 'm')).toBe(true);
    expect(d.given('https://e.example', 'other')).toBe(false);
    await d.revoke();
    expect((await ConsentStore.open(dir)).given('https://e.example', 'm')).toBe(false);
  });

  it('writes its file 0600 and narrows one left wider when it opens it', async () => {
    await (await ConsentStore.open(dir)).give('https://e.example', 'm', new Date(0));
    expect((await stat(join(dir, 'consent.json'))).mode & 0o777).toBe(0o600);
    await chmod(join(dir, 'consent.json'), 0o644);
    await chmod(dir, 0o755);
    expect((await ConsentStore.open(dir)).given('https://e.example', 'm')).toBe(true);
    expect((await stat(join(dir, 'consent.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
