import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendDurably, openPrivateDir, syncDir, writeDurably } from './durable-file.ts';

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

describe('server/storage/durable-file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'soma-durable-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('appends to a file it creates 0600, after what is already there', async () => {
    const file = join(dir, 'log');
    await appendDurably(file, 'uno\n');
    await appendDurably(file, Buffer.from('dos\n'));
    expect(await readFile(file, 'utf8')).toBe('uno\ndos\n');
    expect(await modeOf(file)).toBe(0o600);
  });

  it('writes a whole file over what was there', async () => {
    const file = join(dir, 'whole');
    await writeFile(file, 'antes, más largo');
    await writeDurably(file, 'después');
    expect(await readFile(file, 'utf8')).toBe('después');
  });

  it('narrows an existing folder to 0700 and its files to 0600', async () => {
    const store = join(dir, 'store');
    await mkdir(store, { mode: 0o755 });
    await writeFile(join(store, 'a'), 'x', { mode: 0o644 });
    await openPrivateDir(store);
    expect(await modeOf(store)).toBe(0o700);
    expect(await modeOf(join(store, 'a'))).toBe(0o600);
  });

  it('syncs a folder that is there and rejects for one that is not', async () => {
    await expect(syncDir(dir)).resolves.toBeUndefined();
    await expect(syncDir(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
