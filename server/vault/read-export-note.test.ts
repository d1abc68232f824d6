import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportNote } from './read-export-note.ts';
import { classifyFile } from './vault-scan.ts';

describe('readExportNote', () => {
  let base: string;
  let vault: string;
  let realRoot: string;
  const at = (rel: string) => path.join(vault, rel);
  const read = (rel: string, max = 1024) => readExportNote(realRoot, rel, at(rel), max);

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'soma-export-note-'));
    vault = path.join(base, 'vault');
    execFileSync('mkdir', ['-p', vault]);
    realRoot = await realpath(vault);
    await writeFile(at('nota.md'), '\uFEFFUna nota con acentos: canción.');
    await writeFile(at('grande.md'), 'x'.repeat(2000));
    await writeFile(at('binaria.md'), Buffer.from([0x61, 0, 0x62]));
    await writeFile(at('latin1.md'), Buffer.from([0x63, 0x61, 0x6e, 0x63, 0x69, 0xf3, 0x6e]));
    await writeFile(path.join(base, 'fuera.md'), 'secreto de fuera');
    await symlink(path.join(base, 'fuera.md'), at('enlace.md'));
    execFileSync('mkfifo', [at('tuberia.md')]);
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('reads a note as classifyFile does: its UTF-8 without the BOM, its hash, size and mtime', async () => {
    const note = await read('nota.md');
    const classified = await classifyFile(at('nota.md'), 1024, { withText: true });
    const { utf8, ...rest } = note!;
    expect(rest).toEqual({
      path: 'nota.md',
      hash: classified?.entry.hash,
      mtime: classified?.entry.mtime,
      size: classified?.entry.size,
    });
    expect(new TextDecoder().decode(utf8)).toBe(classified?.text);
    expect(Buffer.from(utf8).toString('utf8')).toBe('Una nota con acentos: canción.');
  });

  it('leaves out what is not a note to serve: too large, binary, not UTF-8, gone', async () => {
    expect(await read('grande.md')).toBeNull();
    expect(await read('grande.md', 4096)).not.toBeNull();
    expect(await read('binaria.md')).toBeNull();
    expect(await read('latin1.md')).toBeNull();
    expect(await read('borrada.md')).toBeNull();
  });

  it('never reads through a symlink out of the vault, and never opens a FIFO', async () => {
    expect(await read('enlace.md')).toBeNull();
    // Opening a FIFO with no writer would hang the threadpool: this returns at once.
    expect(await read('tuberia.md')).toBeNull();
  });
});
