import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SwitchStore } from './switch-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-switch-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('server/embeddings/switch-store', () => {
  it('is on until switched off, and a reopened store remembers', async () => {
    const s = await SwitchStore.open(dir);
    expect(s.enabled).toBe(true);
    await s.set(false, new Date(0));
    expect(s.enabled).toBe(false);
    expect((await SwitchStore.open(dir)).enabled).toBe(false);
    await s.set(true, new Date(0));
    expect((await SwitchStore.open(dir)).enabled).toBe(true);
  });

  it('reads a damaged file as on (the harness section is the user’s first say)', async () => {
    await writeFile(join(dir, 'switch.json'), '{"enabled": fal');
    expect((await SwitchStore.open(dir)).enabled).toBe(true);
  });

  it('keeps the CPU budget (1 core until set) beside the switch, across a reopen', async () => {
    const s = await SwitchStore.open(dir);
    expect(s.cores).toBe(1);
    await s.setCores(2, new Date(0));
    await s.set(false, new Date(0));
    const again = await SwitchStore.open(dir);
    expect(again.cores).toBe(2);
    expect(again.enabled).toBe(false);
  });

  it('writes its file 0600 and narrows one left wider when it opens it', async () => {
    await (await SwitchStore.open(dir)).set(false, new Date(0));
    expect((await stat(join(dir, 'switch.json'))).mode & 0o777).toBe(0o600);
    await chmod(join(dir, 'switch.json'), 0o644);
    await chmod(dir, 0o755);
    expect((await SwitchStore.open(dir)).enabled).toBe(false);
    expect((await stat(join(dir, 'switch.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
