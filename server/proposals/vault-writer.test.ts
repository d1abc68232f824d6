import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { appendLine, cleanTempFiles, TEMP_PREFIX, writeAtomic } from './vault-writer.ts';

describe('vault-writer', () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'soma-writer-'));
    root = path.join(base, 'vault');
    await mkdir(root);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('replaces a file whole, creating missing folders, and leaves no temp file', async () => {
    const w = await writeAtomic(root, 'a/b/nota.md', 'uno');
    expect(w).toMatchObject({ path: 'a/b/nota.md', bytes: 3 });
    await writeAtomic(root, 'a/b/nota.md', 'dos');
    expect(await readFile(path.join(root, 'a/b/nota.md'), 'utf8')).toBe('dos');
    expect(await readdir(path.join(root, 'a/b'))).toEqual(['nota.md']);
  });

  it('writes to a file and into a folder stored in NFD (synced from a Mac), not beside them', async () => {
    const folder = '04_Sueños'.normalize('NFD');
    const file = 'Sueño del faro.md'.normalize('NFD');
    await mkdir(path.join(root, folder));
    await writeFile(path.join(root, folder, file), 'antes');
    await writeAtomic(root, '04_Sueños/Sueño del faro.md', 'después');
    await writeAtomic(root, '04_Sueños/Otro sueño.md', 'nuevo');
    await appendLine(root, '04_Sueños/Sueño del faro.md', 'línea');
    expect(await readdir(root)).toEqual([folder]);
    expect((await readdir(path.join(root, folder))).sort()).toEqual(['Otro sueño.md', file].sort());
    expect(await readFile(path.join(root, folder, file), 'utf8')).toBe('después\nlínea\n');
  });

  it('refuses hidden targets and folders, traversal, and symlinks that lead out', async () => {
    const outside = path.join(base, 'fuera');
    await mkdir(outside);
    await symlink(outside, path.join(root, 'enlace'));
    await symlink(path.join(outside, 'x.md'), path.join(root, 'colgante.md'));
    for (const rel of [
      '.obsidian/x.md',
      'a/.oculto/x.md',
      '../x.md',
      'enlace/x.md',
      'colgante.md',
    ]) {
      await expect(writeAtomic(root, rel, 'x'), rel).rejects.toBeInstanceOf(ApiError);
      await expect(appendLine(root, rel, 'x'), rel).rejects.toBeInstanceOf(ApiError);
    }
    expect(await readdir(outside)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['colgante.md', 'enlace']);
  });

  it('refuses a file with another hard link, inside or outside the vault, and leaves both names', async () => {
    const outside = path.join(base, 'fuera.txt');
    await writeFile(outside, 'ajeno\n');
    await link(outside, path.join(root, 'log.txt'));
    await writeFile(path.join(root, 'a.md'), 'A\n');
    await link(path.join(root, 'a.md'), path.join(root, 'gemela.md'));
    for (const rel of ['log.txt', 'a.md', 'gemela.md']) {
      for (const write of [() => writeAtomic(root, rel, 'x'), () => appendLine(root, rel, 'x')]) {
        await expect(write(), rel).rejects.toMatchObject({
          code: 'invalid_path',
          params: { reason: 'hard_link', path: rel },
        });
      }
    }
    expect(await readFile(outside, 'utf8')).toBe('ajeno\n');
    expect(await readFile(path.join(root, 'log.txt'), 'utf8')).toBe('ajeno\n');
    expect(await readFile(path.join(root, 'gemela.md'), 'utf8')).toBe('A\n');
    expect((await readdir(root)).sort()).toEqual(['a.md', 'gemela.md', 'log.txt']);
  });

  it('appends whole lines and refuses text that spans lines', async () => {
    await appendLine(root, 'log/x.txt', 'uno');
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendLine(root, 'log/x.txt', `l${i}`)));
    const lines = (await readFile(path.join(root, 'log/x.txt'), 'utf8')).split('\n');
    expect(lines[0]).toBe('uno');
    expect(lines.slice(1, -1).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `l${i}`).sort());
    await expect(appendLine(root, 'log/x.txt', 'a\nb')).rejects.toThrow();
  });

  it('starts a line of its own after a last line a crash left without its newline', async () => {
    const log = path.join(root, 'log', 'audit.jsonl');
    await appendLine(root, 'log/audit.jsonl', '{"n":1}');
    await writeFile(log, '{"n":1}\n{"n":2,"cor');
    const w = await appendLine(root, 'log/audit.jsonl', '{"n":3}');
    expect(await readFile(log, 'utf8')).toBe('{"n":1}\n{"n":2,"cor\n{"n":3}\n');
    expect(w.bytes).toBe('\n{"n":3}\n'.length);
    await appendLine(root, 'log/audit.jsonl', '{"n":4}');
    expect((await readFile(log, 'utf8')).endsWith('{"n":3}\n{"n":4}\n')).toBe(true);
  });

  it('cleans only its own temp files, in visible folders', async () => {
    await mkdir(path.join(root, 'a'));
    await mkdir(path.join(root, '.obsidian'));
    const tmp = `${TEMP_PREFIX}0123456789abcdef`;
    await writeFile(path.join(root, tmp), 'x');
    await writeFile(path.join(root, 'a', tmp), 'x');
    await writeFile(path.join(root, 'a', '.soma-tmp-mio'), 'x');
    await writeFile(path.join(root, '.obsidian', tmp), 'x');
    expect(await cleanTempFiles(root)).toBe(2);
    expect(await readdir(path.join(root, 'a'))).toEqual(['.soma-tmp-mio']);
    expect(await readdir(path.join(root, '.obsidian'))).toEqual([tmp]);
  });
});
