import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Vault } from './vault.ts';
import * as scan from './vault-scan.ts';

// Counts the walks of the vault's root: each is one first scan (a folder moved in is walked
// from itself, never from the root).
vi.mock('./vault-scan.ts', async (original) => {
  const actual = await original<typeof import('./vault-scan.ts')>();
  return { ...actual, walkVault: vi.fn(actual.walkVault) };
});

/** The server starts the scan once its login link is out (deferScan, then scanNow). */
describe('the first scan, deferred', () => {
  let base: string;
  let root: string;
  let vault: Vault;
  const rootWalks = () => vi.mocked(scan.walkVault).mock.calls.filter((c) => c[2] === '');
  const exported = async () => {
    const paths: string[] = [];
    for await (const n of vault.notes()) paths.push(n.path);
    return paths;
  };

  beforeEach(async () => {
    vi.mocked(scan.walkVault).mockClear();
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-first-scan-')));
    root = path.join(base, 'vault');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    for (let i = 0; i < 30; i++) await writeFile(path.join(root, 'sub', `n${i}.md`), `nota ${i}`);
    vault = new Vault(root);
    await vault.start({ deferScan: true });
  });
  afterEach(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  it('waits for scanNow(); an export and a manifest asked meanwhile join that one scan', async () => {
    expect(vault.scanStarted).toBe(false);
    expect(rootWalks()).toHaveLength(0);
    const scanning = vault.scanNow();
    expect(vault.scanStarted).toBe(true);
    const [paths, manifest] = await Promise.all([exported(), vault.manifest(), scanning]);
    expect(paths).toHaveLength(30);
    expect(manifest.notes).toHaveLength(30);
    expect(vault.scanNow()).toBe(scanning);
    await exported();
    expect(rootWalks()).toHaveLength(1);
  });

  it('is started by the first request when scanNow() has not come yet, and only once', async () => {
    const [paths, manifest] = await Promise.all([exported(), vault.manifest()]);
    expect(vault.scanStarted).toBe(true);
    expect(paths).toHaveLength(30);
    expect(manifest.notes).toHaveLength(30);
    await vault.scanNow();
    expect(rootWalks()).toHaveLength(1);
  });

  it('still sees a file written after the scan (the folders it walked are watched)', async () => {
    await vault.scanNow();
    await writeFile(path.join(root, 'sub', 'nueva.md'), 'nueva');
    await vi.waitFor(async () => {
      expect((await vault.manifest()).notes.map((n) => n.path)).toContain('sub/nueva.md');
    });
    expect(rootWalks()).toHaveLength(1);
  });
});
