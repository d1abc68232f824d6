import { mkdir, mkdtemp, readFile, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScanCache, SCAN_CACHE_FILE, saveScanCache } from './scan-cache.ts';
import { Vault } from './vault.ts';
import type { IndexEntry } from './vault-scan.ts';

const HASH = 'a'.repeat(64);

describe('scan cache', () => {
  let base: string;
  let root: string;
  let file: string;
  const at = (rel: string) => path.join(root, rel);

  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-scan-cache-')));
    root = path.join(base, 'vault');
    await mkdir(root);
    file = path.join(base, SCAN_CACHE_FILE);
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('gives back what was saved, without the paths on disk', async () => {
    const entries = new Map<string, IndexEntry>([
      ['a.md', { abs: at('a.md'), size: 3, mtime: 1.5, hash: HASH, kind: 'note' }],
      ['b.png', { abs: at('b.png'), size: 9, mtime: 2, hash: '', kind: 'not_markdown' }],
    ]);
    await saveScanCache(file, root, 1024, entries);
    expect(await loadScanCache(file, root, 1024)).toEqual(
      new Map([
        ['a.md', { size: 3, mtime: 1.5, hash: HASH, kind: 'note' }],
        ['b.png', { size: 9, mtime: 2, hash: '', kind: 'not_markdown' }],
      ]),
    );
    // Another vault, or another size limit: the cache does not describe it.
    expect((await loadScanCache(file, base, 1024)).size).toBe(0);
    expect((await loadScanCache(file, root, 2048)).size).toBe(0);
  });

  it('is ignored when missing, damaged, of another version or holding a bad entry', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await loadScanCache(file, root, 1024)).size).toBe(0);
    const good = { version: 1, root, maxNoteBytes: 1024, files: [['a.md', 3, 1, HASH, 'note']] };
    for (const body of [
      '{"version":1,"root":',
      JSON.stringify({ ...good, version: 2 }),
      JSON.stringify({ ...good, files: [['a.md', 3, 1, 'no-es-un-hash', 'note']] }),
      JSON.stringify({ ...good, files: [['a.md', -3, 1, HASH, 'note']] }),
      JSON.stringify({ ...good, files: [['a.md', 3, 1, HASH, 'otra']] }),
    ]) {
      await writeFile(file, body);
      expect((await loadScanCache(file, root, 1024)).size).toBe(0);
    }
    await writeFile(file, JSON.stringify(good));
    expect((await loadScanCache(file, root, 1024)).size).toBe(1);
    quiet.mockRestore();
  });

  it('lets a restart reuse unchanged files without reading them, and re-read changed ones', async () => {
    await writeFile(at('igual.md'), 'igual');
    await writeFile(at('cambia.md'), 'antes');
    const first = new Vault(root, { scanCacheFile: file });
    await first.start();
    await first.close();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.files).toHaveLength(2);
    // A hash only the cache knows: a restart that shows it has not read the file.
    for (const f of saved.files) f[3] = HASH;
    await writeFile(file, JSON.stringify(saved));
    await writeFile(at('cambia.md'), 'después');
    await utimes(at('cambia.md'), new Date(), new Date(Date.now() + 5000));
    const second = new Vault(root, { scanCacheFile: file });
    await second.start();
    const hashes = Object.fromEntries((await second.manifest()).notes.map((n) => [n.path, n.hash]));
    await second.close();
    expect(hashes['igual.md']).toBe(HASH);
    expect(hashes['cambia.md']).not.toBe(HASH);
    expect(hashes['cambia.md']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is not written again by a restart that found the vault as the cache left it', async () => {
    await writeFile(at('nota.md'), 'nota');
    const first = new Vault(root, { scanCacheFile: file });
    await first.start();
    await first.close();
    // Trailing spaces a rewrite would drop.
    await writeFile(file, `${await readFile(file, 'utf8')}   `);
    const second = new Vault(root, { scanCacheFile: file });
    await second.start();
    await second.close();
    expect(await readFile(file, 'utf8')).toMatch(/ {3}$/);
    await writeFile(at('otra.md'), 'otra');
    const third = new Vault(root, { scanCacheFile: file });
    await third.start();
    await third.close();
    expect(await readFile(file, 'utf8')).not.toMatch(/ {3}$/);
    expect((await loadScanCache(file, root, 2 * 1024 * 1024)).size).toBe(2);
  });

  it('reads everything when the cache is damaged', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await writeFile(at('nota.md'), 'nota');
    await writeFile(file, 'no es JSON');
    const vault = new Vault(root, { scanCacheFile: file });
    await vault.start();
    const { notes } = await vault.manifest();
    await vault.close();
    expect(notes.map((n) => n.path)).toEqual(['nota.md']);
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
    // And writes a good one for the next start.
    expect((await loadScanCache(file, root, 2 * 1024 * 1024)).size).toBe(1);
  });
});
