import { link, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusSchema } from '../../common/api-schemas.ts';
import { AUDIT_LOG_PATH } from '../../common/proposal-schemas.ts';
import { apiClient, errorCode } from '../../testing/server/proposals-client.ts';
import { buildTestApp, HOST, type TestApp } from '../../testing/server/test-app.ts';
import { snapshot } from '../../testing/server/vault-snapshot.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { HistoryStore } from '../history/history-store.ts';
import { errorHandler } from '../http/error-handler.ts';
import { Vault } from '../vault/vault.ts';
import { ensureVault } from '../vault/vault-init.ts';
import { AuditHealth } from './audit-health.ts';
import { proposalRoutes } from './proposal-routes.ts';

describe('audit health', () => {
  let ctx: TestApp | undefined;
  let outside: string;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
    await rm(outside, { recursive: true, force: true });
  });

  async function setup() {
    const app = await buildTestApp();
    ctx = app;
    outside = await mkdtemp(path.join(tmpdir(), 'soma-fuera-'));
    const cookie = await app.login();
    const status = async () =>
      StatusSchema.parse(
        await (await app.app.request('/api/status', { headers: { host: HOST, cookie } })).json(),
      ).audit;
    return { api: apiClient(app, cookie), status, root: app.vault.root };
  }
  const logAbs = () => path.join(ctx?.vault.root ?? '', ...AUDIT_LOG_PATH.split('/'));

  it('refuses to write while the audit log is a symlink out of the vault, and writes once it is fixed', async () => {
    const { api, status, root } = await setup();
    expect(await status()).toEqual({ writable: true });
    await writeFile(path.join(outside, 'log.jsonl'), '');
    await symlink(path.join(outside, 'log.jsonl'), logAbs());
    const p = await api.propose('/write', { path: '03_Proyectos/nueva.md', content: 'hola\n' });
    const before = await snapshot(root);
    const res = await api.confirm(p);
    expect([res.status, await errorCode(res)]).toEqual([503, 'audit_unavailable']);
    expect(await snapshot(root)).toEqual(before);
    expect(await readFile(path.join(outside, 'log.jsonl'), 'utf8')).toBe('');
    expect(await status()).toEqual({ writable: false });

    await unlink(logAbs());
    expect((await status()).writable).toBe(true);
    const again = await api.confirm(p);
    expect(again.status).toBe(200);
    const lines = (await readFile(logAbs(), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: p.id, path: '03_Proyectos/nueva.md' });
  });

  it('calls a folder, a dangling symlink or a hard link in the log’s place not writable', async () => {
    const { status } = await setup();
    await writeFile(path.join(outside, 'ajeno.jsonl'), '');
    await link(path.join(outside, 'ajeno.jsonl'), logAbs());
    expect((await status()).writable).toBe(false);
    await unlink(logAbs());
    await mkdir(logAbs());
    expect((await status()).writable).toBe(false);
    await rm(logAbs(), { recursive: true });
    await symlink(path.join(outside, 'no-existe.jsonl'), logAbs());
    expect((await status()).writable).toBe(false);
  });

  it('refuses the write when the log breaks between the check and the append', async () => {
    outside = await mkdtemp(path.join(tmpdir(), 'soma-carrera-'));
    const root = path.join(outside, 'vault');
    await ensureVault(root);
    const vault = new Vault(root);
    await vault.start();
    // The check passes, as it would a moment before the log was broken.
    const audit = new (class extends AuditHealth {
      override async writable() {
        return true;
      }
    })(root);
    const app = new Hono<AuthEnv>();
    app.onError(errorHandler(() => {}));
    app.use(async (c, next) => {
      c.set('session', { id: 's1', tokenHash: '', label: 'L', createdAt: 0, lastUsedAt: 0 });
      await next();
    });
    const history = new HistoryStore(path.join(outside, 'config'), () => ({
      keepDays: 90,
      maxMegabytes: 200,
    }));
    app.route('/', proposalRoutes({ vault, history, audit, log: () => {} }));
    try {
      const post = (route: string, body: unknown) =>
        app.request(route, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const { proposal } = await (await post('/write', { path: 'x.md', content: 'x' })).json();
      await mkdir(path.join(root, ...AUDIT_LOG_PATH.split('/')));
      const res = await post(`/${proposal.id}/confirm`, { signature: proposal.signature });
      expect([res.status, await errorCode(res)]).toEqual([503, 'audit_unavailable']);
      await expect(readFile(path.join(root, 'x.md'))).rejects.toMatchObject({ code: 'ENOENT' });
      // Nothing was written, so the same approval goes through once the log is back.
      await rm(path.join(root, ...AUDIT_LOG_PATH.split('/')), { recursive: true });
      const again = await post(`/${proposal.id}/confirm`, { signature: proposal.signature });
      expect(again.status).toBe(200);
      expect(await readFile(path.join(root, 'x.md'), 'utf8')).toBe('x');
    } finally {
      await vault.close();
    }
  });
});
