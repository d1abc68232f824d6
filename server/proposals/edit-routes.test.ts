import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, errorCode } from '../../testing/server/proposals-client.ts';
import { buildTestApp, type TestApp } from '../../testing/server/test-app.ts';
import { snapshot } from '../../testing/server/vault-snapshot.ts';
import { appendHeading } from './edit-drafts.ts';

const NOTES = {
  '03_Proyectos/Tesis.md': '# Tesis\n\nLa memoria activa.\n',
  '01_Caracter/Sueño.md': '# Sueño\n',
};
const META = { profile: 'tutor', provider: 'groq', model: 'm', sources: [] };

describe('proposals that add to a note (connection, remember, append) and save names', () => {
  let ctx: TestApp;
  const abs = (rel: string) => path.join(ctx.vault.root, ...rel.split('/'));
  const read = (rel: string) => readFile(abs(rel), 'utf8');

  async function setup() {
    ctx = await buildTestApp({ notes: NOTES });
    await ctx.vault.ready();
    return apiClient(ctx, await ctx.login());
  }
  afterEach(async () => {
    await ctx?.close();
  });

  it('proposes [[link]] under a new «Conexiones» heading as a diff, and writes it when approved', async () => {
    const api = await setup();
    const p = await api.propose('/connection', { note: '03_Proyectos/Tesis.md', link: 'Sueño' });
    expect(p).toMatchObject({
      kind: 'connection',
      mode: 'overwrite',
      path: '03_Proyectos/Tesis.md',
    });
    expect(p.preview.type === 'diff' && p.preview.unified).toContain('+- [[Sueño]]');
    expect((await api.confirm(p, { overwrite: true })).status).toBe(200);
    expect(await read('03_Proyectos/Tesis.md')).toBe(
      '# Tesis\n\nLa memoria activa.\n\n## Conexiones\n\n- [[Sueño]]\n',
    );
    const again = await api.post('/connection', { note: '03_Proyectos/Tesis.md', link: 'sueño' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('already_linked');
  });

  it('writes nothing for a rejected connection, and refuses a missing note or a bad link', async () => {
    const api = await setup();
    const before = await snapshot(ctx.vault.root);
    const p = await api.propose('/connection', { note: '03_Proyectos/Tesis.md', link: 'Sueño' });
    expect((await api.post(`/${p.id}/reject`, {})).status).toBe(204);
    expect((await api.confirm(p, { overwrite: true })).status).toBe(409);
    const gone = await api.post('/connection', { note: '03_Proyectos/Nada.md', link: 'Sueño' });
    expect(gone.status).toBe(404);
    const bad = await api.post('/connection', { note: '03_Proyectos/Tesis.md', link: 'a]]b' });
    expect(bad.status).toBe(400);
    expect(await snapshot(ctx.vault.root)).toEqual(before);
  });

  it('answers 409 file_changed when the note was edited after the connection was proposed', async () => {
    const api = await setup();
    const p = await api.propose('/connection', { note: '03_Proyectos/Tesis.md', link: 'Sueño' });
    await writeFile(abs('03_Proyectos/Tesis.md'), '# Tesis\n\nEditada en Obsidian.\n');
    const res = await api.confirm(p, { overwrite: true });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('file_changed');
    expect(await read('03_Proyectos/Tesis.md')).toBe('# Tesis\n\nEditada en Obsidian.\n');
  });

  it('creates the user-context note on the first «Recuerda que…», then appends to it', async () => {
    const api = await setup();
    const note = ctx.harness.current().userContextNote;
    const first = await api.propose('/remember', { text: 'Prefiero ejemplos de biología.' });
    expect(first).toMatchObject({ kind: 'remember', mode: 'create', path: note });
    expect((await api.confirm(first)).status).toBe(200);
    const second = await api.propose('/remember', { text: 'Doy clase\nlos lunes.' });
    expect(second.mode).toBe('overwrite');
    expect((await api.confirm(second, { overwrite: true })).status).toBe(200);
    expect(await read(note)).toBe('- Prefiero ejemplos de biología.\n- Doy clase los lunes.\n');
    expect((await api.post('/remember', { text: '   ' })).status).toBe(400);
  });

  it('refuses with 409 already_remembered a sentence the user-context note already has', async () => {
    const api = await setup();
    const note = ctx.harness.current().userContextNote;
    const first = await api.propose('/remember', { text: 'Prefiero ejemplos de biología.' });
    expect((await api.confirm(first)).status).toBe(200);
    const again = await api.post('/remember', { text: '  Prefiero ejemplos de biología. ' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('already_remembered');
    expect(await read(note)).toBe('- Prefiero ejemplos de biología.\n');
  });

  it('appends an answer under a dated heading, or creates the note with it', async () => {
    const api = await setup();
    const p = await api.propose('/append', { path: '03_Proyectos/Tesis', content: 'Nueva idea.' });
    expect(p).toMatchObject({ kind: 'append', mode: 'overwrite', path: '03_Proyectos/Tesis.md' });
    expect((await api.confirm(p, { overwrite: true })).status).toBe(200);
    const text = await read('03_Proyectos/Tesis.md');
    expect(text).toMatch(
      /^# Tesis\n\nLa memoria activa\.\n\n## \d{4}-\d\d-\d\d \d\d:\d\d\n\nNueva idea\.\n$/,
    );
    const fresh = await api.propose('/append', { path: '00_Entrada/diario.md', content: 'Hoy.' });
    expect(fresh.mode).toBe('create');
    expect(fresh.content).toMatch(/^## \d{4}-\d\d-\d\d \d\d:\d\d\n\nHoy\.\n$/);
    expect((await api.post('/append', { path: '.obsidian/x.md', content: 'x' })).status).toBe(400);
  });

  it('names an untitled save after the answer heading, never colliding, and refuses a name taken since', async () => {
    const api = await setup();
    const body = { question: 'pregunta', answer: '## La memoria *activa*\n\nTexto.', meta: META };
    const p = await api.propose('/save', body);
    expect(p.path).toMatch(/^05_Salida\/\d{4}-\d\d-\d\d-la-memoria-activa\.md$/);
    const twin = await api.propose('/save', body);
    expect(twin.path).toBe(p.path);
    expect((await api.confirm(p)).status).toBe(200);
    const res = await api.confirm(twin);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('file_changed');
    const next = await api.propose('/save', body);
    expect(next.path).toBe(p.path.replace(/\.md$/, '-2.md'));
  });
});

describe('appendHeading', () => {
  it('dates the heading in local time, to the minute', () => {
    const d = new Date(2026, 10, 30, 14, 5);
    expect(appendHeading(d.getTime())).toBe('## 2026-11-30 14:05');
  });
});
