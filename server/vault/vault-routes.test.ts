import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderRowsSchema, ManifestSchema, NoteSchema } from '../../common/api-schemas.ts';
import { ExportLineSchema } from '../../common/chat-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { Vault } from './vault.ts';
import { ensureVault } from './vault-init.ts';
import { vaultRoutes } from './vault-routes.ts';

describe('vault-routes', () => {
  let base: string;
  let vault: Vault;
  const app = new Hono();

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'soma-routes-'));
    await ensureVault(base);
    await writeFile(path.join(base, '03_Proyectos', 'Tesis.md'), 'Ver [[Bienvenida]]');
    await writeFile(path.join(base, 'foto.png'), 'png');
    vault = new Vault(base);
    await vault.start();
    app.route('/vault', vaultRoutes(vault));
    app.onError((err, c) =>
      err instanceof ApiError
        ? c.json(err.toBody(), err.status)
        : c.json({ error: { code: 'internal', message: 'x' } }, 500),
    );
  });

  afterAll(async () => {
    await vault.close();
    await rm(base, { recursive: true, force: true });
  });

  const errorCode = async (res: Response) => ((await res.json()) as ApiErrorBody).error.code;
  type ApiErrorBody = { error: { code: string } };

  it('answers GET /folder with one level of the vault, folders first, without their children', async () => {
    const res = await app.request('/vault/folder');
    expect(res.status).toBe(200);
    const top = FolderRowsSchema.parse(await res.json());
    expect(top.path).toBe('');
    expect(top.rows.map((r) => r.name)).toEqual([
      '00_Entrada',
      '01_Caracter',
      '02_Conciencia',
      '03_Proyectos',
      '04_Sueños',
      '05_Salida',
      '06_Archivo',
      'foto.png',
    ]);
    expect(top.rows[3]).toEqual({ type: 'folder', name: '03_Proyectos', path: '03_Proyectos' });
    expect(top.rows.at(-1)).toMatchObject({
      type: 'file',
      path: 'foto.png',
      reason: 'not_markdown',
    });
    const sub = FolderRowsSchema.parse(
      await (await app.request(`/vault/folder?path=${encodeURIComponent('03_Proyectos')}`)).json(),
    );
    expect(sub.rows).toEqual([
      expect.objectContaining({ type: 'note', name: 'Tesis.md', path: '03_Proyectos/Tesis.md' }),
    ]);
    const nested = await app.request(`/vault/folder?path=${encodeURIComponent('02_Conciencia/')}`);
    expect(FolderRowsSchema.parse(await nested.json()).rows.map((r) => r.path)).toContain(
      '02_Conciencia/sesiones',
    );
  });

  it('answers GET /folder for a missing folder with 404, a note with 404 and traversal with 400', async () => {
    const cases: Array<[string, number, string]> = [
      ['No existe', 404, 'not_found'],
      ['03_Proyectos/Tesis.md', 404, 'not_found'],
      ['../fuera', 400, 'invalid_path'],
      ['.obsidian', 400, 'invalid_path'],
    ];
    for (const [input, status, code] of cases) {
      const res = await app.request(`/vault/folder?path=${encodeURIComponent(input)}`);
      expect(res.status, input).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
  });

  it('says why a path is refused as params the UI words', async () => {
    const res = await app.request(`/vault/folder?path=${encodeURIComponent('.obsidian')}`);
    expect(await res.json()).toMatchObject({
      error: { code: 'invalid_path', params: { reason: 'hidden', name: '.obsidian' } },
    });
  });

  it('answers GET /manifest with notes and skipped files', async () => {
    const manifest = ManifestSchema.parse(await (await app.request('/vault/manifest')).json());
    expect(manifest.notes.map((n) => n.path)).toContain('03_Proyectos/Tesis.md');
    expect(manifest.skipped).toEqual([
      expect.objectContaining({ path: 'foto.png', reason: 'not_markdown' }),
    ]);
  });

  it('answers GET /export with every note of the manifest as NDJSON, then the count', async () => {
    const res = await app.request('/vault/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    const text = await res.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => ExportLineSchema.parse(JSON.parse(l)));
    const last = lines.pop();
    expect(last).toEqual({ end: { count: lines.length } });
    const notes = lines.flatMap((l) => ('note' in l ? [l.note] : []));
    expect(notes).toHaveLength(lines.length);
    const manifest = ManifestSchema.parse(await (await app.request('/vault/manifest')).json());
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(notes.map((n) => ({ path: n.path, hash: n.hash, size: n.size })).sort(byPath)).toEqual(
      manifest.notes.map((n) => ({ path: n.path, hash: n.hash, size: n.size })).sort(byPath),
    );
    expect(notes.find((n) => n.path === '03_Proyectos/Tesis.md')?.content).toBe(
      'Ver [[Bienvenida]]',
    );
  });

  it('answers GET /note with the note and its resolved links', async () => {
    const res = await app.request(
      `/vault/note?path=${encodeURIComponent('03_Proyectos/Tesis.md')}`,
    );
    const note = NoteSchema.parse(await res.json());
    expect(note.links[0]?.resolved).toBe('00_Entrada/Bienvenida.md');
  });

  it('answers a missing path parameter with 400 bad_request', async () => {
    const res = await app.request('/vault/note');
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('bad_request');
  });

  it('answers traversal with 400, a missing note with 404 and a non-note with 415', async () => {
    const cases: Array<[string, number, string]> = [
      ['..%2F..%2Fetc%2Fpasswd', 400, 'invalid_path'],
      ['%252e%252e%252fetc', 400, 'invalid_path'],
      ['.obsidian%2Fapp.json', 400, 'invalid_path'],
      ['no-existe.md', 404, 'not_found'],
      ['foto.png', 415, 'not_a_note'],
    ];
    for (const [query, status, code] of cases) {
      const res = await app.request(`/vault/note?path=${query}`);
      expect([res.status, await errorCode(res)]).toEqual([status, code]);
    }
  });
});
