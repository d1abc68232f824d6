import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HistoryCurrentAnswerSchema,
  type HistoryDiffAnswer,
  HistoryDiffAnswerSchema,
  type HistoryListAnswer,
  HistoryListAnswerSchema,
} from '../../common/history-schemas.ts';
import { AUDIT_LOG_PATH, type Proposal, SYNAPSE_LOG_PATH } from '../../common/proposal-schemas.ts';
import { apiClient, errorCode } from '../../testing/server/proposals-client.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { snapshot } from '../../testing/server/vault-snapshot.ts';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const NOTE = '03_Proyectos/nota.md';
const ORIGINAL = '# Nota\r\n\r\nTexto original con CRLF.\r\n';

describe('history routes', () => {
  let ctx: TestApp;
  const abs = (rel: string) => path.join(ctx.vault.root, ...rel.split('/'));

  async function setup() {
    ctx = await buildTestApp({
      notes: { [NOTE]: ORIGINAL, '01_Caracter/contexto.md': '- Prefiero el café\n' },
    });
    const cookie = await ctx.login();
    const api = apiClient(ctx, cookie);
    const get = (route: string) =>
      ctx.app.request(`/api/history${route}`, { headers: { host: HOST, origin: ORIGIN, cookie } });
    const q = encodeURIComponent;
    return {
      api,
      get,
      async list(rel: string): Promise<HistoryListAnswer> {
        const res = await get(`/note?path=${q(rel)}`);
        expect(res.status).toBe(200);
        return HistoryListAnswerSchema.parse(await res.json());
      },
      async version(rel: string, hash: string): Promise<Buffer> {
        const res = await get(`/version?path=${q(rel)}&hash=${hash}`);
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      },
      async diff(rel: string, id: string): Promise<HistoryDiffAnswer> {
        const res = await get(`/diff?path=${q(rel)}&id=${q(id)}`);
        expect(res.status).toBe(200);
        return HistoryDiffAnswerSchema.parse(await res.json());
      },
      /** Confirms `p` (overwrite when it needs it) and expects it written. */
      async approve(p: Proposal) {
        const res = await api.confirm(p, {
          overwrite: p.mode === 'overwrite' || p.mode === 'remove',
        });
        expect(res.status, await res.clone().text()).toBe(200);
        return res.json() as Promise<{ before: string | null; after: string | null }>;
      },
    };
  }
  afterEach(async () => {
    await ctx?.close();
  });

  const readOrNull = (rel: string) => readFile(abs(rel)).catch(() => null);

  it('keeps the previous bytes of every kind of write before it lands', async () => {
    const h = await setup();
    const meta = { profile: 'default', provider: 'groq', model: 'm' };
    const proposals: Proposal[] = [
      (await (await h.api.post('/synapses', { answer: 'Mira [[nota]].' })).json()).proposals[0],
      await h.api.propose('/save', {
        question: 'q',
        answer: 'Una respuesta',
        meta: { ...meta, sources: [] },
      }),
      await h.api.propose('/write', { path: 'nueva.md', content: 'nueva\n' }),
      await h.api.propose('/closing', { content: 'Cierre.', meta }),
    ];
    // Each of these reads the note as it is, so it is proposed after the previous one landed.
    const later: (() => Promise<Proposal>)[] = [
      () => h.api.propose('/write', { path: NOTE, content: 'reescrita\n' }),
      () => h.api.propose('/append', { path: NOTE, content: 'anexo' }),
      () => h.api.propose('/connection', { note: NOTE, link: 'otra' }),
      () => h.api.propose('/remember', { text: 'Me gusta el té.' }),
      // The synapse log again: an append to a file that exists now.
      async () =>
        (await (await h.api.post('/synapses', { answer: 'Y [[otra]].' })).json()).proposals[0],
    ];
    const kinds = new Set<string>();
    for (const next of [...proposals.map((p) => async () => p), ...later]) {
      const p = await next();
      const before = await readOrNull(p.path);
      const answer = await h.approve(p);
      kinds.add(p.kind);
      const after = await readFile(abs(p.path));
      expect(answer).toMatchObject({ before: before && sha(before), after: sha(after) });
      const [latest] = (await h.list(p.path)).writes;
      expect(latest).toMatchObject({ id: p.id, kind: p.kind, state: 'current' });
      if (before === null) expect(latest?.before).toBeNull();
      else expect(await h.version(p.path, latest?.before ?? '')).toEqual(before);
      expect(await h.version(p.path, latest?.after ?? '')).toEqual(after);
    }
    expect([...kinds].sort()).toEqual(
      ['append', 'closing', 'connection', 'remember', 'save', 'synapse', 'write'].sort(),
    );
    // The audit line names both hashes of the whole file.
    const audit = (await readFile(abs(AUDIT_LOG_PATH), 'utf8')).trim().split('\n');
    const last = JSON.parse(audit.at(-1) ?? '{}');
    expect(last.path).toBe(SYNAPSE_LOG_PATH);
    expect(last.after).toBe(sha(await readFile(abs(SYNAPSE_LOG_PATH))));
    expect(last.before).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the write, answering 503 history_unavailable, when the history cannot be kept', async () => {
    const h = await setup();
    // A file where the history folder should be: no mode trick, so it holds as root too.
    const historyDir = path.join(ctx.base, 'config', 'history');
    await writeFile(historyDir, 'no soy una carpeta');
    const p = await h.api.propose('/write', { path: NOTE, content: 'perdería el original\n' });
    const before = await snapshot(ctx.vault.root);
    const res = await h.api.confirm(p, { overwrite: true });
    expect([res.status, await errorCode(res)]).toEqual([503, 'history_unavailable']);
    expect(await snapshot(ctx.vault.root)).toEqual(before);
    // The status still answers, with nothing kept.
    const status = await ctx.app.request('/api/status', {
      headers: { host: HOST, cookie: await ctx.login() },
    });
    expect(await status.json()).toMatchObject({ history: { bytes: 0, entries: 0 } });
    // Nothing was written, so the same approval goes through once the history is back.
    await rm(historyDir);
    await h.approve(p);
    const after = await ctx.app.request('/api/status', {
      headers: { host: HOST, cookie: await ctx.login() },
    });
    const kept = Buffer.byteLength(ORIGINAL) + Buffer.byteLength('perdería el original\n');
    const { history } = (await after.json()) as { history: { bytes: number; entries: number } };
    // Both versions in the pack, plus the index line.
    expect(history.entries).toBe(1);
    expect(history.bytes).toBeGreaterThan(kept);
    expect(await readFile(abs(NOTE), 'utf8')).toBe('perdería el original\n');
    const [write] = (await h.list(NOTE)).writes;
    expect((await h.version(NOTE, write?.before ?? '')).toString()).toBe(ORIGINAL);
  });

  it('lists newest first and tells when the file changed outside SOMA', async () => {
    const h = await setup();
    const one = await h.api.propose('/write', { path: NOTE, content: 'uno\n' });
    const res = await h.api.confirm(one, { overwrite: true, conversation: 'conv-1' });
    expect(res.status).toBe(200);
    const two = await h.api.propose('/write', { path: NOTE, content: 'dos\n' });
    await h.approve(two);
    let list = await h.list(NOTE);
    expect(list.writes.map((w) => [w.id, w.state, w.matchesCurrent])).toEqual([
      [two.id, 'current', true],
      [one.id, 'superseded', false],
    ]);
    // The device and the conversation the approval came from are kept with the write.
    expect(list.writes[1]).toMatchObject({
      conversation: 'conv-1',
      session: { label: expect.any(String) },
    });
    expect(list.writes[0]).not.toHaveProperty('conversation');
    await writeFile(abs(NOTE), 'editada en Obsidian\n');
    list = await h.list(NOTE);
    expect(list.current).toBe(sha('editada en Obsidian\n'));
    expect(list.writes.map((w) => [w.state, w.matchesCurrent])).toEqual([
      ['changed', false],
      ['superseded', false],
    ]);
    expect((await h.list('03_Proyectos/sin-historia.md')).writes).toEqual([]);
  });

  it('diffs a write against the version before it and against the file now, without headers', async () => {
    const h = await setup();
    const p = await h.api.propose('/write', { path: NOTE, content: '# Nota\n\nTexto nuevo.\n' });
    await h.approve(p);
    await writeFile(abs(NOTE), '# Nota\n\nTexto nuevo.\nY algo más.\n');
    const diff = await h.diff(NOTE, p.id);
    expect(diff.previous).toContain('+Texto nuevo.');
    expect(diff.previous).toContain('-Texto original con CRLF.\r');
    expect(diff.current).toContain('+Y algo más.');
    for (const text of [diff.previous, diff.current]) {
      expect(text).not.toMatch(/^(Index:|====|--- |\+\+\+ )/m);
    }
    const unknown = await h.get(`/diff?path=${encodeURIComponent(NOTE)}&id=nope`);
    expect([unknown.status, await errorCode(unknown)]).toEqual([404, 'not_found']);
  });

  it('serves only versions the note’s own history names', async () => {
    const h = await setup();
    await h.approve(await h.api.propose('/write', { path: 'otra.md', content: 'secreta\n' }));
    await h.approve(await h.api.propose('/write', { path: NOTE, content: 'x\n' }));
    const res = await h.get(`/version?path=${encodeURIComponent(NOTE)}&hash=${sha('secreta\n')}`);
    expect([res.status, await errorCode(res)]).toEqual([404, 'not_found']);
    const bad = await h.get('/version?path=../fuera.md&hash=00');
    expect([bad.status, await errorCode(bad)]).toEqual([400, 'invalid_path']);
  });

  it('restores a version byte for byte through an ordinary proposal, itself undoable', async () => {
    const h = await setup();
    // Bytes no text editor round-trips: a BOM, CRLF and a byte that is not UTF-8.
    const odd = Buffer.concat([Buffer.from('\ufeff# Rara\r\n'), Buffer.from([0xff, 0xfe, 0x0a])]);
    await writeFile(abs(NOTE), odd);
    await h.approve(await h.api.propose('/write', { path: NOTE, content: 'encima\n' }));
    const [write] = (await h.list(NOTE)).writes;
    const restore = await h.api.propose('/restore', { path: NOTE, version: write?.before });
    expect(restore).toMatchObject({
      kind: 'restore',
      mode: 'overwrite',
      baseHash: sha('encima\n'),
    });
    expect(restore.preview.type).toBe('diff');
    const refused = await h.api.confirm(restore);
    expect([refused.status, await errorCode(refused)]).toEqual([400, 'overwrite_required']);
    await h.approve(restore);
    expect(await readFile(abs(NOTE))).toEqual(odd);
    // The restore is a write with history: undoing it brings back what it replaced.
    const [undo] = (await h.list(NOTE)).writes;
    expect(undo).toMatchObject({ kind: 'restore', before: sha('encima\n'), after: sha(odd) });
    await h.approve(await h.api.propose('/restore', { path: NOTE, version: undo?.before }));
    expect(await readFile(abs(NOTE), 'utf8')).toBe('encima\n');
  });

  it('removes a file SOMA created (its bytes stay in the history) and refuses others', async () => {
    const h = await setup();
    await h.approve(await h.api.propose('/write', { path: 'creada.md', content: 'mía\n' }));
    const remove = await h.api.propose('/restore', { path: 'creada.md', version: null });
    expect(remove).toMatchObject({ kind: 'remove', mode: 'remove', baseHash: sha('mía\n') });
    const answer = await h.approve(remove);
    expect(answer).toMatchObject({ before: sha('mía\n'), after: null });
    expect(await readOrNull('creada.md')).toBeNull();
    const [removed] = (await h.list('creada.md')).writes;
    expect(removed).toMatchObject({ kind: 'remove', after: null, state: 'current' });
    expect((await h.version('creada.md', sha('mía\n'))).toString()).toBe('mía\n');
    // Gone: restoring its last version creates it again.
    const back = await h.api.propose('/restore', { path: 'creada.md', version: sha('mía\n') });
    expect(back.mode).toBe('create');
    await h.approve(back);
    expect(await readFile(abs('creada.md'), 'utf8')).toBe('mía\n');

    await h.approve(await h.api.propose('/write', { path: NOTE, content: 'otra cosa\n' }));
    const res = await h.api.post('/restore', { path: NOTE, version: null });
    expect([res.status, await errorCode(res)]).toEqual([409, 'not_removable']);
    const none = await h.api.post('/restore', { path: '03_Proyectos/nunca.md', version: null });
    expect([none.status, await errorCode(none)]).toEqual([404, 'not_found']);
  });

  it('answers 409 file_changed when the note moved on between the restore proposal and approval', async () => {
    const h = await setup();
    await h.approve(await h.api.propose('/write', { path: NOTE, content: 'uno\n' }));
    const [write] = (await h.list(NOTE)).writes;
    const restore = await h.api.propose('/restore', { path: NOTE, version: write?.before });
    await writeFile(abs(NOTE), 'cambiada fuera\n');
    const res = await h.api.confirm(restore, { overwrite: true });
    expect([res.status, await errorCode(res)]).toEqual([409, 'file_changed']);
    expect(await readFile(abs(NOTE), 'utf8')).toBe('cambiada fuera\n');
  });

  it('answers the file now for several paths at once, in the order asked', async () => {
    const h = await setup();
    const q = encodeURIComponent;
    const asked = [NOTE, 'no-existe.md', '../fuera.md', NOTE];
    const res = await h.get(`/current?${asked.map((p) => `path=${q(p)}`).join('&')}`);
    expect(res.status).toBe(200);
    const { files } = HistoryCurrentAnswerSchema.parse(await res.json());
    expect(files).toEqual([
      { path: NOTE, current: sha(ORIGINAL) },
      { path: 'no-existe.md', current: null },
      { path: '../fuera.md', current: null, error: 'invalid_path' },
      { path: NOTE, current: sha(ORIGINAL) },
    ]);
    // The same hash /note gives, so a card may trust either.
    expect((await h.list(NOTE)).current).toBe(sha(ORIGINAL));
    expect([(await h.get('/current')).status]).toEqual([400]);
    const many = Array.from({ length: 101 }, (_, i) => `path=n${i}.md`).join('&');
    expect((await h.get(`/current?${many}`)).status).toBe(400);
  });
});
