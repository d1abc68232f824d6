import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChatRequestInput, ChatRequestSchema } from '../../common/chat-schemas.ts';
import { HarnessSchema } from '../../harness/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { Vault } from '../vault/vault.ts';
import { ensureVault } from '../vault/vault-init.ts';
import { listProjects, resolveContext } from './resolve-context.ts';

const harness = HarnessSchema.parse(
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../harness/soma.json'), 'utf8')),
);

describe('server/chat/resolve-context', () => {
  let base: string;
  let root: string;
  let vault: Vault;
  const put = async (rel: string, content: string, mtimeSec?: number) => {
    const abs = path.join(root, ...rel.split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, content);
    if (mtimeSec !== undefined) await utimes(abs, mtimeSec, mtimeSec);
  };
  const start = async () => {
    vault = new Vault(root);
    await vault.start();
    await vault.ready();
  };
  const resolve = (req: ChatRequestInput) =>
    resolveContext(vault, harness, ChatRequestSchema.parse(req));
  /** The ApiError a promise rejects with. */
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('should have failed'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(ApiError);
        return err as ApiError;
      },
    );

  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-context-')));
    root = path.join(base, 'bóveda');
    await ensureVault(root);
    await put('00_Entrada/idea.md', '---\nestado: activo\n---\nUna idea.');
    await put('03_Proyectos/Tesis/b-método.md', 'Método');
    await put('03_Proyectos/Tesis/a/índice.md', 'Índice');
    await put('03_Proyectos/Tesis.md', 'Nota de la tesis');
    await put('03_Proyectos/Sueños.md', 'Proyecto de sueños');
    await put('03_Proyectos/Vacío/imagen.png', 'no es nota');
  });

  afterEach(async () => {
    await vault?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('uses the default profile, or the one asked for, and refuses an unknown one', async () => {
    await start();
    expect((await resolve({})).profile).toBe(harness.defaultProfile);
    expect((await resolve({ profile: 'tutor' })).profile).toBe('tutor');
    const err = await failure(resolve({ profile: 'pirata' }));
    expect(err).toMatchObject({ status: 400, code: 'unknown_profile' });
    expect(err.message).toContain('investigador');
  });

  it('reads notes and search hits from the vault, passes pasted text and files as given', async () => {
    await start();
    const r = await resolve({
      attachments: [
        { kind: 'note', path: '00_Entrada/idea.md' },
        { kind: 'paste', text: 'pegado' },
        { kind: 'file', name: 'a.txt', text: 'archivo' },
        { kind: 'search', query: 'tesis', paths: ['03_Proyectos/Tesis.md', '00_Entrada/idea.md'] },
      ],
    });
    expect(r.attachments).toEqual([
      { kind: 'note', path: '00_Entrada/idea.md', text: '---\nestado: activo\n---\nUna idea.' },
      { kind: 'paste', text: 'pegado' },
      { kind: 'file', name: 'a.txt', text: 'archivo' },
      {
        kind: 'search',
        query: 'tesis',
        notes: [
          { path: '03_Proyectos/Tesis.md', text: 'Nota de la tesis' },
          { path: '00_Entrada/idea.md', text: '---\nestado: activo\n---\nUna idea.' },
        ],
      },
    ]);
    expect(r.project).toBeNull();
    expect(r.recall).toBeNull();
  });

  it('lets the vault errors through: 404 for a missing note, 400 for a path outside', async () => {
    await start();
    const missing = resolve({ attachments: [{ kind: 'note', path: 'nada.md' }] });
    expect(await failure(missing)).toMatchObject({ status: 404, code: 'not_found' });
    const outside = resolve({
      attachments: [{ kind: 'search', query: 'x', paths: ['../fuera.md'] }],
    });
    expect(await failure(outside)).toMatchObject({
      status: 400,
      code: 'invalid_path',
    });
  });

  it('reads a project: its note, then every note of its folder sorted, by any case or form', async () => {
    await start();
    const r = await resolve({ project: 'tesis' });
    expect(r.project).toEqual({
      name: 'Tesis',
      notes: [
        { path: '03_Proyectos/Tesis.md', text: 'Nota de la tesis' },
        { path: '03_Proyectos/Tesis/a/índice.md', text: 'Índice' },
        { path: '03_Proyectos/Tesis/b-método.md', text: 'Método' },
      ],
    });
    const nfd = await resolve({ project: 'SUEÑOS'.normalize('NFD') });
    expect(nfd.project?.notes).toEqual([
      { path: '03_Proyectos/Sueños.md', text: 'Proyecto de sueños' },
    ]);
  });

  it('lists the projects, and names them when one does not exist', async () => {
    await start();
    expect(await listProjects(vault)).toEqual(['Sueños', 'Tesis']);
    const err = await failure(resolve({ project: 'Vacío' }));
    expect(err).toMatchObject({ status: 404, code: 'unknown_project' });
    expect(err.message).toContain('Sueños, Tesis');
  });

  it('recalls the latest closing by its dated name, ignoring the synapse log', async () => {
    await put('02_Conciencia/sesiones/2025-03-01-0900-antes.md', 'antes', 2_000_000_000);
    await put('02_Conciencia/sesiones/2025-03-02-1830-despues.md', 'después', 1_000_000_000);
    await put('02_Conciencia/sesiones/sinapsis_log.txt', 'log', 2_100_000_000);
    await put('02_Conciencia/sesiones/suelta.md', 'sin fecha', 2_100_000_000);
    await start();
    expect((await resolve({ recall: true })).recall).toEqual({
      path: '02_Conciencia/sesiones/2025-03-02-1830-despues.md',
      text: 'después',
    });
  });

  it('falls back to mtime when no closing carries a date', async () => {
    await put('02_Conciencia/sesiones/b.md', 'vieja', 1_000_000_000);
    await put('02_Conciencia/sesiones/a.md', 'nueva', 1_500_000_000);
    await start();
    expect((await resolve({ recall: true })).recall?.text).toBe('nueva');
  });

  it('says there is no closing yet', async () => {
    await put('02_Conciencia/sesiones/sinapsis_log.txt', '[[a]]');
    await start();
    const err = await failure(resolve({ recall: true }));
    expect(err).toMatchObject({ status: 404, code: 'no_closing' });
    expect(err.message).toContain('/cerrar');
  });
});
