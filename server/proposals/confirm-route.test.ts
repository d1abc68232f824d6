import { createHash } from 'node:crypto';
import { link, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_PATH,
  ProposalsAnswerSchema,
  SYNAPSE_LOG_PATH,
} from '../../common/proposal-schemas.ts';
import { apiClient, errorCode } from '../../testing/server/proposals-client.ts';
import { buildTestApp, HOST, type TestApp } from '../../testing/server/test-app.ts';
import { snapshot } from '../../testing/server/vault-snapshot.ts';
import { PROPOSAL_TTL_MS } from './proposal-store.ts';

const NOTES = { '03_Proyectos/a.md': 'A original\n', '03_Proyectos/b.md': 'B original\n' };

describe('confirm route', () => {
  let ctx: TestApp;
  let now: number;
  const abs = (rel: string) => path.join(ctx.vault.root, ...rel.split('/'));

  async function setup() {
    now = Date.UTC(2026, 10, 5, 10, 30);
    ctx = await buildTestApp({ notes: NOTES, clock: () => now });
    return apiClient(ctx, await ctx.login());
  }
  afterEach(async () => {
    await ctx?.close();
  });

  /** Runs `act` and asserts that nothing under the vault changed, byte for byte. */
  async function unchanged(act: () => Promise<void>) {
    const before = await snapshot(ctx.vault.root);
    await act();
    expect(await snapshot(ctx.vault.root)).toEqual(before);
  }

  it('writes the stored content, answers its hash and records it in the audit log', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: '03_Proyectos/nueva', content: 'Hola\n' });
    expect(p).toMatchObject({ path: '03_Proyectos/nueva.md', mode: 'create', baseHash: null });
    // Extra fields in the body are ignored: the written content is the stored one.
    const res = await api.confirm(p, { content: 'MALICIOSO' });
    expect(res.status).toBe(200);
    const hash = createHash('sha256').update('Hola\n').digest('hex');
    expect(await res.json()).toEqual({
      written: { path: '03_Proyectos/nueva.md', hash, bytes: 5 },
      before: null,
      after: hash,
    });
    expect(await readFile(abs('03_Proyectos/nueva.md'), 'utf8')).toBe('Hola\n');
    const audit = (await readFile(abs(AUDIT_LOG_PATH), 'utf8')).trim().split('\n');
    expect(audit.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ id: p.id, kind: 'write', path: p.path, hash, bytes: 5 }),
    ]);
  });

  it('refuses a signature used twice with 409 and writes once', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: 'x.md', content: 'uno' });
    expect((await api.confirm(p)).status).toBe(200);
    await unchanged(async () => {
      const again = await api.confirm(p);
      expect([again.status, await errorCode(again)]).toEqual([409, 'proposal_used']);
    });
  });

  it('refuses an expired proposal with 410', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: 'x.md', content: 'uno' });
    now += PROPOSAL_TTL_MS;
    await unchanged(async () => {
      const res = await api.confirm(p);
      expect([res.status, await errorCode(res)]).toEqual([410, 'proposal_expired']);
    });
  });

  it("refuses another session's proposal with 403", async () => {
    const api = await setup();
    const other = apiClient(ctx, await ctx.login());
    const p = await api.propose('/write', { path: 'x.md', content: 'uno' });
    await unchanged(async () => {
      const res = await other.confirm(p);
      expect([res.status, await errorCode(res)]).toEqual([403, 'wrong_session']);
    });
    expect((await api.confirm(p)).status).toBe(200);
  });

  it("refuses a.md's signature presented for b.md, and forged signatures", async () => {
    const api = await setup();
    const a = await api.propose('/write', { path: '03_Proyectos/a.md', content: 'nuevo A' });
    const b = await api.propose('/write', { path: '03_Proyectos/b.md', content: 'nuevo B' });
    const flipped = `${b.signature.slice(0, -1)}${b.signature.endsWith('A') ? 'B' : 'A'}`;
    await unchanged(async () => {
      for (const signature of [a.signature, flipped, 'x'.repeat(43), `${b.signature}=`, '']) {
        const res = await api.confirm({ id: b.id, signature }, { overwrite: true });
        expect(res.status, signature).toBe(signature === '' ? 400 : 403);
      }
    });
    expect((await api.confirm(b, { overwrite: true })).status).toBe(200);
  });

  it('refuses a confirm without Origin, with a foreign Origin, or without a session', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: 'x.md', content: 'uno' });
    const send = (headers: Record<string, string>) =>
      ctx.app.request(`/api/proposals/${p.id}/confirm`, {
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ signature: p.signature }),
      });
    const cookie = (await ctx.login()).toString();
    await unchanged(async () => {
      expect((await send({ cookie })).status).toBe(403);
      expect((await send({ cookie, origin: 'https://evil.example' })).status).toBe(403);
      const noSession = await send({ origin: `http://${HOST}` });
      expect([noSession.status, await errorCode(noSession)]).toEqual([401, 'no_session']);
    });
  });

  it('refuses every path of the attack list and hidden targets with 400 invalid_path', async () => {
    const api = await setup();
    const attacks = [
      '../x.md',
      '%2e%2e/x.md',
      '%252e%252e/x.md',
      '..\\x.md',
      '/etc/passwd',
      '//server/share/x.md',
      'C:/x',
      'C:\\x.md',
      '.obsidian/x.md',
      '03_Proyectos/.oculto.md',
      'a\u0000.md',
      '02_Conciencia/sesiones/soma_auditoria.jsonl',
      '02_Conciencia/sesiones/sinapsis_log.txt',
      'x.json',
      '03_Proyectos/a.md/dentro.md',
      '03_Proyectos/a.md:evil',
      '%c0%ae%c0%ae/x.md',
      '03_Proyectos/¿Qué?.md',
    ];
    await unchanged(async () => {
      for (const target of attacks) {
        const res = await api.post('/write', { path: target, content: 'pwned' });
        expect([res.status, await errorCode(res)], target).toEqual([400, 'invalid_path']);
      }
    });
  });

  it('refuses a symlink out of the vault, at proposal and when it appears before confirm', async () => {
    const api = await setup();
    const outside = await mkdtemp(path.join(tmpdir(), 'soma-fuera-'));
    try {
      await symlink(outside, abs('03_Proyectos/fuera'));
      await unchanged(async () => {
        const res = await api.post('/write', { path: '03_Proyectos/fuera/x.md', content: 'x' });
        expect([res.status, await errorCode(res)]).toEqual([400, 'invalid_path']);
      });
      const p = await api.propose('/write', { path: '03_Proyectos/luego/x.md', content: 'x' });
      await symlink(outside, abs('03_Proyectos/luego'));
      await unchanged(async () => {
        const res = await api.confirm(p);
        expect([res.status, await errorCode(res)]).toEqual([400, 'invalid_path']);
      });
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses a file with another hard link, at proposal and when it appears before confirm', async () => {
    const api = await setup();
    const outside = await mkdtemp(path.join(tmpdir(), 'soma-fuera-'));
    const reason = async (res: Response) => {
      const body = (await res.json()) as { error: { code: string; params?: { reason?: string } } };
      return [res.status, body.error.code, body.error.params?.reason];
    };
    try {
      await link(abs('03_Proyectos/a.md'), abs('03_Proyectos/gemela.md'));
      await unchanged(async () => {
        for (const route of ['/write', '/append']) {
          const res = await api.post(route, { path: '03_Proyectos/gemela.md', content: 'x' });
          expect(await reason(res), route).toEqual([400, 'invalid_path', 'hard_link']);
        }
      });
      // A synapse appends to the log: a log swapped for a link to a file outside is refused.
      const res = await api.post('/synapses', { answer: 'Ver [[b]].' });
      const [synapse] = ProposalsAnswerSchema.parse(await res.json()).proposals;
      const secret = path.join(outside, 'secreto.txt');
      await writeFile(secret, 'ajeno\n');
      await unlink(abs(SYNAPSE_LOG_PATH)).catch(() => {});
      await link(secret, abs(SYNAPSE_LOG_PATH));
      await unchanged(async () => {
        expect(await reason(await api.confirm(synapse!))).toEqual([
          400,
          'invalid_path',
          'hard_link',
        ]);
      });
      expect(await readFile(secret, 'utf8')).toBe('ajeno\n');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('answers 409 file_changed with a fresh diff when the file changed since the proposal', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: '03_Proyectos/a.md', content: 'mío\n' });
    await writeFile(abs('03_Proyectos/a.md'), 'editado en Obsidian\n');
    await unchanged(async () => {
      const res = await api.confirm(p, { overwrite: true });
      const body = (await res.json()) as { error: { code: string; diff: string } };
      expect([res.status, body.error.code]).toEqual([409, 'file_changed']);
      expect(body.error.diff).toContain('-editado en Obsidian');
      expect(body.error.diff).toContain('+mío');
    });
    const created = await api.propose('/write', { path: 'nueva.md', content: 'mía' });
    await writeFile(abs('nueva.md'), 'otra');
    await unchanged(async () => {
      expect((await api.confirm(created)).status).toBe(409);
    });
  });

  it('needs overwrite: true to replace an existing file, without spending the proposal', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: '03_Proyectos/a.md', content: 'nuevo\n' });
    expect(p.mode).toBe('overwrite');
    await unchanged(async () => {
      const res = await api.confirm(p);
      expect([res.status, await errorCode(res)]).toEqual([400, 'overwrite_required']);
    });
    expect((await api.confirm(p, { overwrite: true })).status).toBe(200);
    expect(await readFile(abs('03_Proyectos/a.md'), 'utf8')).toBe('nuevo\n');
  });

  it('writes once when the same proposal is confirmed twice at the same time', async () => {
    const api = await setup();
    const p = await api.propose('/write', { path: 'doble.md', content: 'una vez' });
    const results = await Promise.all([api.confirm(p), api.confirm(p), api.confirm(p)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const audit = (await readFile(abs(AUDIT_LOG_PATH), 'utf8')).trim().split('\n');
    expect(audit).toHaveLength(1);
  });

  it('refuses an unknown id (a proposal from before a restart) with 410', async () => {
    const api = await setup();
    await unchanged(async () => {
      const res = await api.confirm({ id: 'no-existe', signature: 'x'.repeat(43) });
      expect([res.status, await errorCode(res)]).toEqual([410, 'proposal_expired']);
    });
  });
});
