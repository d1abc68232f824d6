import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWikilinks } from '../../common/wikilinks.ts';
import { ensureVault, VAULT_FOLDERS } from './vault-init.ts';
import { WELCOME_NOTE_PATH } from './welcome-note.ts';

describe('vault-init', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'soma-init-'));
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('creates a missing root, every folder and the welcome note', async () => {
    const root = path.join(base, 'nueva', 'boveda');
    expect(await ensureVault(root)).toEqual({ created: true });
    for (const f of VAULT_FOLDERS)
      expect((await stat(path.join(root, f))).isDirectory()).toBe(true);
    const welcome = await readFile(path.join(root, WELCOME_NOTE_PATH), 'utf8');
    expect(welcome).toContain('/ayuda');
    expect(parseWikilinks(welcome).map((l) => l.target)).toContain('Bienvenida');
  });

  it('treats an empty existing root as a new vault', async () => {
    expect(await ensureVault(base)).toEqual({ created: true });
    expect(await readdir(path.join(base, '00_Entrada'))).toEqual(['Bienvenida.md']);
  });

  it('changes nothing in an existing vault: no folder, no welcome note', async () => {
    await mkdir(path.join(base, '.obsidian'));
    await writeFile(path.join(base, 'mía.md'), 'mía');
    expect(await ensureVault(base)).toEqual({ created: false });
    expect((await readdir(base)).sort()).toEqual(['.obsidian', 'mía.md']);
    expect(await readFile(path.join(base, 'mía.md'), 'utf8')).toBe('mía');
  });

  it('leaves a vault with only some of the folders as it is', async () => {
    await mkdir(path.join(base, '00_Entrada'));
    expect(await ensureVault(base)).toEqual({ created: false });
    expect(await readdir(base)).toEqual(['00_Entrada']);
  });

  it('never overwrites an existing welcome note', async () => {
    await mkdir(path.join(base, '00_Entrada'));
    await writeFile(path.join(base, WELCOME_NOTE_PATH), 'mi versión');
    await ensureVault(base);
    expect(await readFile(path.join(base, WELCOME_NOTE_PATH), 'utf8')).toBe('mi versión');
  });

  it('is idempotent: a second run changes nothing', async () => {
    await ensureVault(base);
    await writeFile(path.join(base, WELCOME_NOTE_PATH), 'editada');
    expect(await ensureVault(base)).toEqual({ created: false });
    expect(await readFile(path.join(base, WELCOME_NOTE_PATH), 'utf8')).toBe('editada');
    expect((await readdir(base)).sort()).toEqual(
      VAULT_FOLDERS.filter((f) => !f.includes('/')).sort(),
    );
  });
});
