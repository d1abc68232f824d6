import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TreeRow, VaultEvent } from '../../common/api-schemas.ts';
import type { FolderWatcher } from './folder-watcher.ts';
import { Vault } from './vault.ts';
import { ensureVault } from './vault-init.ts';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/**
 * How long an expected watcher event may take before the wait fails with a clear message:
 * the watcher answers within milliseconds when idle, seconds on a busy machine.
 */
const EVENT_WAIT_MS = 15_000;

/** The note watcherCaughtUp() writes beside the one under test. */
const MARKER = 'marca.md';

/** Resolves with the first event that matches, or rejects after `ms`. */
function waitForEvent(vault: Vault, match: (e: VaultEvent) => boolean, ms = EVENT_WAIT_MS) {
  return new Promise<VaultEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`ningún evento en ${ms} ms`));
    }, ms);
    const off = vault.onEvent((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

describe('vault', () => {
  let base: string;
  let root: string;
  let vault: Vault;
  const put = async (rel: string, content: string | Buffer) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), content);
  };

  /**
   * Waits until the watcher has handled every change to `rel` made so far, instead of a
   * fixed pause: a marker written after it in the same folder is reported after it, and
   * sync() then waits for the refresh of `rel` already queued.
   */
  let markers = 0;
  const watcherCaughtUp = async (rel: string) => {
    const marker = path.posix.join(path.posix.dirname(rel), MARKER);
    const seen = waitForEvent(vault, (e) => e.type === 'upsert' && e.entry.path === marker);
    markers++;
    await put(marker, `marca ${markers}`);
    await seen;
    await vault.sync(rel);
  };

  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-vault-')));
    root = path.join(base, 'Mi bóveda');
    await ensureVault(root);
    await put(
      '03_Proyectos/Tesis.md',
      '---\nestado: activo\n---\nVer [[Bienvenida]] y [[Nada]] y [[idea|otra]].\n',
    );
    await put('03_Proyectos/a/Idea.md', 'larga');
    await put('Idea.md', 'corta');
    await put('foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await put('binaria.md', Buffer.from('hola\0mundo'));
    await put('latina.md', Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in latin-1
    await put('grande.md', 'x'.repeat(3000));
    await put('.obsidian/app.json', '{}');
    await put('.obsidian/oculta.md', 'no');
    await put('04_Sueños/.secreta.md', 'no');
    await mkdir(path.join(base, 'fuera'));
    await writeFile(path.join(base, 'fuera', 'secreto.md'), 'secreto');
    await symlink(path.join(base, 'fuera'), path.join(root, 'enlace-fuera'));
    await symlink(path.join(base, 'fuera', 'secreto.md'), path.join(root, 'secreto.md'));
    vault = new Vault(root, { maxNoteBytes: 2000 });
    await vault.start();
    await vault.ready();
  });

  afterEach(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  it('lists notes with size, mtime and sha256 hash, sorted by path in code-unit order', async () => {
    const { notes } = await vault.manifest();
    expect(notes.map((n) => n.path)).toEqual([
      '00_Entrada/Bienvenida.md',
      '03_Proyectos/Tesis.md',
      '03_Proyectos/a/Idea.md',
      'Idea.md',
    ]);
    const idea = notes.find((n) => n.path === 'Idea.md');
    expect(idea).toMatchObject({ size: 5, hash: sha('corta') });
    expect(idea?.mtime).toBeGreaterThan(0);
  });

  it('lists other files as skipped with their reason', async () => {
    const { skipped } = await vault.manifest();
    expect(skipped.map((s) => [s.path, s.reason])).toEqual([
      ['binaria.md', 'binary'],
      ['foto.png', 'not_markdown'],
      ['grande.md', 'too_large'],
      ['latina.md', 'not_utf8'],
    ]);
  });

  it('never lists hidden files or symlinks that leave the vault', async () => {
    const m = await vault.manifest();
    const all = [...m.notes, ...m.skipped].map((e) => e.path).join('\n');
    expect(all).not.toMatch(/obsidian|secret|enlace-fuera/);
  });

  it('lists a folder with folders first, Spanish order and empty folders', async () => {
    const top = await vault.folder('');
    expect(top.path).toBe('');
    const names = (rows: TreeRow[]) => rows.map((r) => r.name);
    expect(names(top.rows)).toEqual([
      '00_Entrada',
      '01_Caracter',
      '02_Conciencia',
      '03_Proyectos',
      '04_Sueños',
      '05_Salida',
      '06_Archivo',
      'binaria.md',
      'foto.png',
      'grande.md',
      'Idea.md',
      'latina.md',
    ]);
    expect(top.rows[2]).toEqual({ type: 'folder', name: '02_Conciencia', path: '02_Conciencia' });
    expect(names((await vault.folder('02_Conciencia')).rows)).toEqual(['sesiones']);
  });

  it('reads a note with front matter and resolved or missing links', async () => {
    const note = await vault.readNote('03_Proyectos/Tesis.md');
    expect(note.frontMatter).toEqual({ estado: 'activo' });
    expect(note.body.startsWith('Ver')).toBe(true);
    expect(note.name).toBe('Tesis');
    expect(note.hash).toBe(sha(note.content));
    expect(note.links.map((l) => [l.target, l.resolved])).toEqual([
      ['Bienvenida', '00_Entrada/Bienvenida.md'],
      ['Nada', null],
      ['idea', 'Idea.md'],
    ]);
  });

  it('says a note may be at a path when indexed or just written, and not when missing', async () => {
    expect(await vault.mayHold('03_Proyectos/Tesis.md')).toBe(true);
    expect(await vault.mayHold('01_Caracter/contexto.md')).toBe(false);
    await put('01_Caracter/contexto.md', 'recién escrita');
    expect(await vault.mayHold('01_Caracter/contexto.md')).toBe(true);
  });

  it('resolves a same-note section link to the note itself', async () => {
    await put('Idea.md', 'Ver [[#Arriba]]');
    const [link] = (await vault.readNote('Idea.md')).links;
    expect(link).toMatchObject({ target: '', section: 'Arriba', resolved: 'Idea.md' });
  });

  it('refuses skipped files with 415 not_a_note and missing ones with 404', async () => {
    for (const p of ['foto.png', 'binaria.md', 'latina.md', 'grande.md', '04_Sueños']) {
      await expect(vault.readNote(p)).rejects.toMatchObject({ status: 415, code: 'not_a_note' });
    }
    await expect(vault.readNote('no/existe.md')).rejects.toMatchObject({ status: 404 });
  });

  it('never serves hidden files or files behind an escaping symlink', async () => {
    for (const p of [
      '.obsidian/oculta.md',
      '04_Sueños/.secreta.md',
      'secreto.md',
      'enlace-fuera/secreto.md',
    ]) {
      await expect(vault.readNote(p)).rejects.toMatchObject({ code: 'invalid_path' });
    }
  });

  it('emits an upsert within a second when another program writes a note', async () => {
    const event = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === '00_Entrada/Nueva.md',
    );
    await put('00_Entrada/Nueva.md', '# Nueva');
    expect(await event).toMatchObject({ entry: { hash: sha('# Nueva'), size: 7 } });
    expect((await vault.manifest()).notes.map((n) => n.path)).toContain('00_Entrada/Nueva.md');
    expect((await vault.readNote('03_Proyectos/Tesis.md')).links[1]?.resolved).toBeNull();
  });

  it('gives the manifest as JSON text equal to the manifest, made again after a change', async () => {
    const before = await vault.manifestJson();
    expect(JSON.parse(before)).toEqual(await vault.manifest());
    expect(await vault.manifestJson()).toBe(before);
    const event = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === '00_Entrada/Otra.md',
    );
    await put('00_Entrada/Otra.md', '# Otra');
    await event;
    const after = JSON.parse(await vault.manifestJson());
    expect(after).toEqual(await vault.manifest());
    expect(after.notes.map((n: { path: string }) => n.path)).toContain('00_Entrada/Otra.md');
  });

  it('sync() finds a note written into a folder stored in NFD under its NFC path', async () => {
    await vault.ready();
    const folder = 'Sueños de Mac'.normalize('NFD');
    await put(`${folder}/nota nueva.md`, 'Nueva.');
    await vault.sync('Sueños de Mac/nota nueva.md');
    expect((await vault.manifest()).notes.map((n) => n.path)).toContain(
      'Sueños de Mac/nota nueva.md',
    );
  });

  it('builds the manifest once per change to the index', async () => {
    await vault.ready();
    const first = await vault.manifest();
    expect(await vault.manifest()).toBe(first);
    await put('00_Entrada/nueva.md', 'Nueva.');
    await vault.sync('00_Entrada/nueva.md');
    const second = await vault.manifest();
    expect(second).not.toBe(first);
    expect(second.notes.map((n) => n.path)).toContain('00_Entrada/nueva.md');
    await vault.sync('00_Entrada/nueva.md');
    expect(await vault.manifest()).toBe(second);
    await rm(path.join(root, '00_Entrada/nueva.md'));
    await vault.sync('00_Entrada/nueva.md');
    expect((await vault.manifest()).notes.map((n) => n.path)).not.toContain('00_Entrada/nueva.md');
  });

  it('sync() indexes a file written a moment ago at once, and the watcher adds no second event', async () => {
    await vault.ready();
    const events: VaultEvent[] = [];
    vault.onEvent((e) => events.push(e));
    await put('02_Conciencia/sesiones/2026-01-01-0900-cierre.md', 'Cierre.');
    await vault.sync('02_Conciencia/sesiones/2026-01-01-0900-cierre.md');
    const paths = (await vault.manifest()).notes.map((n) => n.path);
    expect(paths).toContain('02_Conciencia/sesiones/2026-01-01-0900-cierre.md');
    await watcherCaughtUp('02_Conciencia/sesiones/2026-01-01-0900-cierre.md');
    expect(
      events.filter((e) => e.type === 'upsert' && !e.entry.path.endsWith(MARKER)),
    ).toHaveLength(1);
  });

  it('coalesces a burst of writes to one file into one event', async () => {
    const events: VaultEvent[] = [];
    vault.onEvent((e) => events.push(e));
    const last = waitForEvent(vault, (e) => e.type === 'upsert' && e.entry.hash === sha('v3'));
    for (const v of ['v1', 'v2', 'v3']) await put('Idea.md', v);
    await last;
    await watcherCaughtUp('Idea.md');
    expect(events.filter((e) => e.type === 'upsert' && e.entry.path === 'Idea.md')).toHaveLength(1);
  });

  it('emits remove then upsert for a rename and updates link resolution', async () => {
    const removed = waitForEvent(vault, (e) => e.type === 'remove' && e.path === 'Idea.md');
    const added = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === '06_Archivo/Idea.md',
    );
    await rename(path.join(root, 'Idea.md'), path.join(root, '06_Archivo', 'Idea.md'));
    await Promise.all([removed, added]);
    const note = await vault.readNote('03_Proyectos/Tesis.md');
    expect(note.links[2]?.resolved).toBe('06_Archivo/Idea.md');
  });

  it('emits remove when a note is deleted and skipped when it turns binary', async () => {
    const removed = waitForEvent(vault, (e) => e.type === 'remove' && e.path === 'Idea.md');
    await unlink(path.join(root, 'Idea.md'));
    await removed;
    const skipped = waitForEvent(vault, (e) => e.type === 'skipped' && e.entry.reason === 'binary');
    await put('03_Proyectos/Tesis.md', Buffer.from([0, 1, 2]));
    await skipped;
    expect((await vault.manifest()).notes.map((n) => n.path)).toEqual([
      '00_Entrada/Bienvenida.md',
      '03_Proyectos/a/Idea.md',
    ]);
  });

  it('ignores changes inside hidden folders', async () => {
    const events: VaultEvent[] = [];
    vault.onEvent((e) => events.push(e));
    await put('.obsidian/workspace.md', 'x');
    const visible = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === 'visible.md',
    );
    await put('visible.md', 'y');
    await visible;
    expect(events.map((e) => (e.type === 'remove' ? e.path : e.entry.path))).toEqual([
      'visible.md',
    ]);
  });

  it('lists and serves a file whose name is NFD on disk under its NFC path', async () => {
    const upsert = waitForEvent(vault, (e) => e.type === 'upsert' && e.entry.path === 'Canción.md');
    await put('Cancio\u0301n.md', '# Canción');
    await upsert;
    expect((await vault.readNote('Cancio\u0301n.md')).content).toBe('# Canción');
    expect((await vault.readNote('Canción.md')).path).toBe('Canción.md');
  });

  it('watches each visible folder once and no file', async () => {
    const watcher = Reflect.get(vault, 'watcher') as FolderWatcher;
    const folders = Reflect.get(vault, 'folders') as Set<string>;
    expect(folders.has('03_Proyectos/a')).toBe(true);
    // The root, then every folder the index lists: no hidden one, no symlink out.
    expect(watcher.size).toBe(folders.size + 1);
  });

  it('keeps seeing a folder deleted and made again under the same name', async () => {
    const dir = path.join(root, '03_Proyectos', 'a');
    await rm(dir, { recursive: true });
    await mkdir(dir);
    const upsert = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === '03_Proyectos/a/Nueva.md',
    );
    await writeFile(path.join(dir, 'Nueva.md'), 'nueva');
    await upsert;
    const paths = (await vault.manifest()).notes.map((n) => n.path);
    expect(paths).toContain('03_Proyectos/a/Nueva.md');
    expect(paths).not.toContain('03_Proyectos/a/Idea.md');
  });

  it('indexes the notes of a folder moved into the vault', async () => {
    await mkdir(path.join(base, 'viaje', 'dias'), { recursive: true });
    await writeFile(path.join(base, 'viaje', 'dias', 'Lunes.md'), 'lunes');
    const upsert = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === '03_Proyectos/viaje/dias/Lunes.md',
    );
    await rename(path.join(base, 'viaje'), path.join(root, '03_Proyectos', 'viaje'));
    await upsert;
    const removed = waitForEvent(
      vault,
      (e) => e.type === 'remove' && e.path === '03_Proyectos/viaje/dias/Lunes.md',
    );
    await rm(path.join(root, '03_Proyectos', 'viaje'), { recursive: true });
    await removed;
  });

  it('sends nothing, not even a size or hash, about a folder symlinked out of the vault while it runs', async () => {
    const events: VaultEvent[] = [];
    vault.onEvent((e) => events.push(e));
    await mkdir(path.join(base, 'fuera2'));
    await writeFile(path.join(base, 'fuera2', 'secreto.md'), 'secreto de fuera');
    const link = path.join(root, '06_Archivo', 'enlace-nuevo');
    await symlink(path.join(base, 'fuera2'), link);
    // The link's event came before the marker's, so its look at the link is queued by the
    // time the marker's upsert arrives, and close() waits for it.
    const marker = waitForEvent(
      vault,
      (e) => e.type === 'upsert' && e.entry.path === `06_Archivo/${MARKER}`,
    );
    await put(`06_Archivo/${MARKER}`, 'marca');
    await marker;
    await vault.close();
    expect(JSON.stringify(events)).not.toContain('enlace-nuevo');
    expect(JSON.stringify(events)).not.toContain(sha('secreto de fuera'));
    const archive = await vault.folder('06_Archivo');
    expect(archive.rows.map((r) => r.name)).not.toContain('enlace-nuevo');
  });

  it('follows a symlink that stays inside the vault and stops at a link cycle', async () => {
    await symlink(path.join(root, '03_Proyectos'), path.join(root, '06_Archivo', 'proyectos'));
    await symlink(root, path.join(root, '03_Proyectos', 'bucle'));
    const again = new Vault(root, { maxNoteBytes: 2000 });
    await again.start();
    try {
      const paths = (await again.manifest()).notes.map((n) => n.path);
      expect(paths).toContain('06_Archivo/proyectos/Tesis.md');
      expect(paths.some((p) => p.includes('bucle'))).toBe(false);
    } finally {
      await again.close();
    }
  });
});
