import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoteContent } from '../../common/chat-schemas.ts';
import { Vault } from './vault.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A started and scanned vault (notes of at most 64 bytes) in a fresh temp folder, holding
 * `files` (vault path → content), with `fuera.md` beside it, outside the vault.
 */
async function scannedVault(prefix: string, files: Record<string, string | Buffer>) {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
  const root = path.join(base, 'vault');
  await mkdir(root);
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), content);
  }
  await writeFile(path.join(base, 'fuera.md'), 'secreto de fuera');
  const vault = new Vault(root, { maxNoteBytes: 64 });
  await vault.start();
  await vault.ready();
  return { base, root, vault };
}

/** The export (GET /api/vault/export) reads each note again: what changed since the scan. */
describe('vault.notes() after the scan', () => {
  let base: string;
  let root: string;
  let vault: Vault;
  const at = (rel: string) => path.join(root, rel);
  const exported = async () => {
    const out: NoteContent[] = [];
    for await (const { utf8, ...n } of vault.notes()) {
      out.push({ ...n, content: new TextDecoder().decode(utf8) });
    }
    return out;
  };

  beforeEach(async () => {
    const files = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => [`${n}.md`, n]));
    ({ base, root, vault } = await scannedVault('soma-vault-notes-', files));
  });
  afterEach(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  it('sends what is on disk now, and leaves out what is no longer a note to send', async () => {
    expect((await exported()).map((n) => n.path)).toEqual([
      'a.md',
      'b.md',
      'c.md',
      'd.md',
      'e.md',
      'f.md',
    ]);
    await writeFile(at('a.md'), 'a, editada');
    await unlink(at('b.md'));
    await symlink(path.join(base, 'fuera.md'), at('b.md'));
    await unlink(at('c.md'));
    execFileSync('mkfifo', [at('c.md')]);
    await writeFile(at('d.md'), 'd'.repeat(65));
    await writeFile(at('e.md'), Buffer.from([0x65, 0]));
    await unlink(at('f.md'));
    // Read at once, before the watcher's debounce: the index still holds the scan's entries.
    const notes = await exported();
    expect(notes).toEqual([
      expect.objectContaining({
        path: 'a.md',
        content: 'a, editada',
        hash: sha('a, editada'),
        size: 10,
      }),
    ]);
  });
});

/** A sync's batch (POST /api/vault/batch) reads as the export does, path by path. */
describe('vault.noteContents()', () => {
  let base: string;
  let root: string;
  let vault: Vault;
  const at = (rel: string) => path.join(root, rel);

  beforeEach(async () => {
    ({ base, root, vault } = await scannedVault('soma-vault-batch-', {
      'a.md': 'a',
      'b.md': 'b',
      // A name synced from a Mac, decomposed on disk; asked for in NFC.
      'Diario/cafe\u0301.md': 'con tilde',
      'bom.md': Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x6f, 0x6c, 0x61]),
      'foto.png': 'no es una nota',
    }));
  });
  afterEach(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  it('gives the texts as readNote does, and lists as missing what is not a note now', async () => {
    const paths = ['a.md', 'Diario/caf\u00e9.md', 'bom.md'];
    const batch = await vault.noteContents([
      ...paths,
      'no-existe.md',
      'foto.png',
      '../fuera.md',
      '.oculta/x.md',
      'b.md',
    ]);
    expect(batch.missing).toEqual(['no-existe.md', 'foto.png', '../fuera.md', '.oculta/x.md']);
    for (const p of paths) {
      const note = await vault.readNote(p);
      expect(batch.notes.find((n) => n.path === p)).toEqual({
        path: note.path,
        content: note.content,
        hash: note.hash,
        mtime: note.mtime,
        size: note.size,
      });
    }
    expect(batch.notes.find((n) => n.path === 'bom.md')?.content).toBe('hola');
  });

  it('reads each file again: a note swapped for a link out of the vault is missing', async () => {
    await writeFile(at('a.md'), 'a, editada');
    await unlink(at('b.md'));
    await symlink(path.join(base, 'fuera.md'), at('b.md'));
    // Asked at once, before the watcher's debounce: the index still holds the scan's entries.
    const batch = await vault.noteContents(['a.md', 'b.md']);
    expect(batch.notes).toEqual([
      expect.objectContaining({ path: 'a.md', content: 'a, editada', hash: sha('a, editada') }),
    ]);
    expect(batch.missing).toEqual(['b.md']);
    expect(JSON.stringify(batch)).not.toContain('secreto');
  });
});

describe('vault.notes() during the first scan', () => {
  let base: string;
  let vault: Vault;
  afterEach(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  it('follows the scan: notes come before it ends, every note once, in the scan order', async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-vault-follow-')));
    const root = path.join(base, 'vault');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    const names = Array.from({ length: 2000 }, (_, i) => `n${String(i).padStart(4, '0')}.md`);
    for (const name of names) await writeFile(path.join(root, 'sub', name), `nota ${name}`);
    await writeFile(path.join(root, 'sub', 'foto.png'), 'no es una nota');
    vault = new Vault(root);
    let scanned = false;
    void vault.start();
    void vault.ready().then(() => {
      scanned = true;
    });
    const out: string[] = [];
    let firstBeforeScanEnd: boolean | null = null;
    for await (const n of vault.notes()) {
      firstBeforeScanEnd ??= !scanned;
      out.push(`${n.path} ${new TextDecoder().decode(n.utf8)}`);
    }
    expect(firstBeforeScanEnd).toBe(true);
    expect(out).toEqual(names.map((name) => `sub/${name} nota ${name}`));
  });
});
