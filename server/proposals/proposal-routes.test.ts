import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../common/front-matter.ts';
import {
  AUDIT_LOG_PATH,
  AuditAnswerSchema,
  ProposalsAnswerSchema,
  SYNAPSE_LOG_PATH,
} from '../../common/proposal-schemas.ts';
import { apiClient } from '../../testing/server/proposals-client.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { snapshot } from '../../testing/server/vault-snapshot.ts';

const NOTES = {
  '03_Proyectos/Tesis.md': '# Tesis\n',
  '01_Caracter/Memoria activa.md': '# Memoria\n',
  '03_Proyectos/a.md': 'uno\ndos\n',
};
const META = { profile: 'tutor', provider: 'groq', model: 'llama-3.3-70b-versatile' };

describe('synapse routes', () => {
  let ctx: TestApp;
  const abs = (rel: string) => path.join(ctx.vault.root, ...rel.split('/'));

  async function setup() {
    ctx = await buildTestApp({ notes: NOTES });
    await ctx.vault.ready();
    return apiClient(ctx, await ctx.login());
  }
  afterEach(async () => {
    await ctx?.close();
  });

  it('proposes one log line per distinct link, marks missing notes, and skips rejected ones', async () => {
    const api = await setup();
    const answer =
      'Esto conecta con [[Tesis]] y con [[tesis|la tesis]]. También ![[Memoria activa#Uso]]!\n' +
      'Y quizá con [[Nota inventada]]. `[[en código]]` no cuenta.';
    const res = await api.post('/synapses', { answer });
    const { proposals } = ProposalsAnswerSchema.parse(await res.json());
    expect(proposals.map((p) => p.link)).toEqual([
      { raw: '[[Tesis]]', target: 'Tesis', resolved: '03_Proyectos/Tesis.md' },
      {
        raw: '![[Memoria activa#Uso]]',
        target: 'Memoria activa',
        resolved: '01_Caracter/Memoria activa.md',
      },
      { raw: '[[Nota inventada]]', target: 'Nota inventada', resolved: null },
    ]);
    expect(proposals.every((p) => p.path === SYNAPSE_LOG_PATH && p.mode === 'append')).toBe(true);
    const [tesis, memoria, inventada] = proposals;
    expect(inventada?.content).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z \| .+ \(.+\) \| \[\[Nota inventada\]\] \| \(no existe\) \| Y quizá con \[\[Nota inventada\]\]\.$/,
    );
    expect((await api.confirm(tesis!)).status).toBe(200);
    expect((await api.confirm(memoria!)).status).toBe(200);
    const before = await snapshot(ctx.vault.root);
    expect((await api.post(`/${inventada!.id}/reject`, {})).status).toBe(204);
    expect(await snapshot(ctx.vault.root)).toEqual(before);
    expect((await api.confirm(inventada!)).status).toBe(409);
    const log = await readFile(abs(SYNAPSE_LOG_PATH), 'utf8');
    expect(log).toBe(`${tesis!.content}\n${memoria!.content}\n`);
    const again = ProposalsAnswerSchema.parse(
      await (await api.post('/synapses', { answer })).json(),
    );
    expect(again.proposals.map((p) => p.link?.target)).toEqual(['Tesis', 'Memoria activa']);
    const other = apiClient(ctx, await ctx.login());
    const fresh = ProposalsAnswerSchema.parse(
      await (await other.post('/synapses', { answer })).json(),
    );
    expect(fresh.proposals).toHaveLength(3);
  });

  it('saves an answer to 05_Salida named by its first words, front matter, and -2 when taken', async () => {
    const api = await setup();
    const body = {
      question: '¿Qué es la Memoria de Trabajo?',
      answer: 'Es la que sostiene.',
      meta: { ...META, sources: ['03_Proyectos/Tesis.md'] },
    };
    const p = await api.propose('/save', body);
    expect(p.path).toMatch(/^05_Salida\/\d{4}-\d\d-\d\d-es-la-que-sostiene\.md$/);
    expect(p.preview).toEqual({ type: 'full', text: p.content });
    const { frontMatter, body: text } = splitFrontMatter(p.content);
    expect(frontMatter).toMatchObject({
      perfil: 'tutor',
      proveedor: 'groq',
      modelo: 'llama-3.3-70b-versatile',
      fuentes: ['03_Proyectos/Tesis.md'],
    });
    expect(text.trim()).toBe('Es la que sostiene.');
    expect((await api.confirm(p)).status).toBe(200);
    const second = await api.propose('/save', body);
    expect(second.path).toBe(p.path.replace(/\.md$/, '-2.md'));
  });

  it('names a saved answer after the title given to /guardar, and heads the note with it', async () => {
    const api = await setup();
    const p = await api.propose('/save', {
      title: 'Memoria y método',
      question: '¿Qué es la Memoria de Trabajo?',
      answer: 'Es la que sostiene.',
      meta: { ...META, sources: [] },
    });
    expect(p.path).toMatch(/^05_Salida\/\d{4}-\d\d-\d\d-memoria-y-metodo\.md$/);
    const { frontMatter, body: text } = splitFrontMatter(p.content);
    expect(frontMatter).toMatchObject({ titulo: 'Memoria y método' });
    expect(text.trim()).toBe('# Memoria y método\n\nEs la que sostiene.');
  });

  it('proposes a dated closing that /recordar then finds as the latest', async () => {
    const api = await setup();
    const p = await api.propose('/closing', { content: '## Resumen\nHecho.', meta: META });
    expect(p.path).toMatch(/^02_Conciencia\/sesiones\/\d{4}-\d\d-\d\d-\d{4}-cierre\.md$/);
    expect(splitFrontMatter(p.content).frontMatter).toMatchObject({
      tipo: 'cierre',
      perfil: 'tutor',
    });
    expect((await api.confirm(p)).status).toBe(200);
    // At once, not after the watcher's debounce: the write is in the index when confirm answers.
    const res = await ctx.app.request('/api/chat/context', {
      headers: { host: HOST, origin: ORIGIN, cookie: (await ctx.login()).toString() },
    });
    expect(
      ((await res.json()) as { latestClosing: { path: string } | null }).latestClosing,
    ).toMatchObject({ path: p.path });
  });

  it('previews an existing file as a diff with its hash, and a new one in full', async () => {
    const api = await setup();
    const over = await api.propose('/write', { path: '03_Proyectos/a.md', content: 'uno\ntres\n' });
    expect(over.mode).toBe('overwrite');
    expect(over.baseHash).toMatch(/^[0-9a-f]{64}$/);
    expect(over.preview.type === 'diff' && over.preview.unified).toMatch(/-dos\n\+tres/);
    const fresh = await api.propose('/write', { path: 'Nueva/idea', content: 'x' });
    expect(fresh).toMatchObject({ path: 'Nueva/idea.md', mode: 'create', baseHash: null });
    expect(fresh.preview).toEqual({ type: 'full', text: 'x' });
  });

  it('previews a diff from its first hunk, with no Index:, ===, --- or +++ header lines', async () => {
    const api = await setup();
    const over = await api.propose('/write', { path: '03_Proyectos/a.md', content: 'uno\ntres\n' });
    const unified = over.preview.type === 'diff' ? over.preview.unified : '';
    expect(unified).toMatch(/^@@ /);
    expect(unified).not.toMatch(/^(Index:|====|--- |\+\+\+ )/m);
  });

  it('overwrites a note stored in NFD on disk, under its NFC path, without making a twin', async () => {
    const api = await setup();
    const nfd = path.join(ctx.vault.root, '04_Sueños', 'Sueño de mayo.md'.normalize('NFD'));
    await writeFile(nfd, 'antes\n');
    const p = await api.propose('/write', {
      path: '04_Sueños/Sueño de mayo.md',
      content: 'después\n',
    });
    expect(p.mode).toBe('overwrite');
    expect(p.preview.type === 'diff' && p.preview.unified).toMatch(/-antes\n\+después/);
    expect((await api.confirm(p, { overwrite: true })).status).toBe(200);
    expect(await readFile(nfd, 'utf8')).toBe('después\n');
    const names = await readdir(path.join(ctx.vault.root, '04_Sueños'));
    expect(names.filter((n) => n.normalize('NFC') === 'Sueño de mayo.md')).toHaveLength(1);
  });

  it('refuses a path with a lone surrogate in the JSON body, naming why, and writes nothing', async () => {
    const api = await setup();
    const before = await snapshot(ctx.vault.root);
    // JSON.stringify escapes the lone half as `\ud800`, as a hostile client would send it.
    const res = await api.post('/write', { path: 'notas/\ud800x.md', content: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'invalid_path', params: { reason: 'lone_surrogate' } },
    });
    expect(await snapshot(ctx.vault.root)).toEqual(before);
  });

  it("refuses to reject another session's proposal", async () => {
    const api = await setup();
    const other = apiClient(ctx, await ctx.login());
    const p = await api.propose('/write', { path: 'x.md', content: 'x' });
    expect((await other.post(`/${p.id}/reject`, {})).status).toBe(403);
    expect((await api.confirm(p)).status).toBe(200);
  });

  it('lists the audit log newest first and skips a broken line', async () => {
    const api = await setup();
    const first = await api.propose('/write', { path: 'uno.md', content: '1' });
    const second = await api.propose('/write', { path: 'dos.md', content: '2' });
    expect((await api.confirm(first)).status).toBe(200);
    await appendFile(abs(AUDIT_LOG_PATH), '{"cortado": \n');
    expect((await api.confirm(second)).status).toBe(200);
    const audit = AuditAnswerSchema.parse(await (await api.get('/audit')).json());
    expect(audit.entries.map((e) => e.path)).toEqual(['dos.md', 'uno.md']);
    expect(audit.broken).toBe(1);
    expect(audit.entries[0]?.session.label).toEqual(expect.any(String));
  });
});
