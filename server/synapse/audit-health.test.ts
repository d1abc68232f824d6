import { mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusSchema } from '../../common/api-schemas.ts';
import { AUDIT_LOG_PATH } from '../../common/synapse-schemas.ts';
import { buildTestApp, HOST, type TestApp } from '../testing/test-app.ts';
import { apiClient, errorCode, snapshot } from './test-helpers.ts';

describe('audit health', () => {
  let ctx: TestApp;
  let outside: string;
  afterEach(async () => {
    await ctx?.close();
    await rm(outside, { recursive: true, force: true });
  });

  async function setup() {
    ctx = await buildTestApp();
    outside = await mkdtemp(path.join(tmpdir(), 'soma-fuera-'));
    const cookie = await ctx.login();
    const status = async () =>
      StatusSchema.parse(
        await (await ctx.app.request('/api/status', { headers: { host: HOST, cookie } })).json(),
      ).audit;
    return { api: apiClient(ctx, cookie), status };
  }
  const logAbs = () => path.join(ctx.vault.root, ...AUDIT_LOG_PATH.split('/'));

  it('refuses to write while the audit log is a symlink out of the vault, and writes once it is fixed', async () => {
    const { api, status } = await setup();
    expect(await status()).toEqual({ writable: true, unaudited: 0 });
    await writeFile(path.join(outside, 'log.jsonl'), '');
    await symlink(path.join(outside, 'log.jsonl'), logAbs());
    const p = await api.propose('/write', { path: '03_Proyectos/nueva.md', content: 'hola\n' });
    const before = await snapshot(ctx.vault.root);
    const res = await api.confirm(p);
    expect([res.status, await errorCode(res)]).toEqual([503, 'audit_unavailable']);
    expect(await snapshot(ctx.vault.root)).toEqual(before);
    expect(await readFile(path.join(outside, 'log.jsonl'), 'utf8')).toBe('');
    expect(await status()).toEqual({ writable: false, unaudited: 0 });

    await unlink(logAbs());
    expect((await status()).writable).toBe(true);
    const again = await api.confirm(p);
    expect(again.status).toBe(200);
    expect(await again.json()).not.toHaveProperty('unaudited');
    const lines = (await readFile(logAbs(), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: p.id, path: '03_Proyectos/nueva.md' });
  });

  it('calls a folder or a dangling symlink in the log’s place not writable', async () => {
    const { status } = await setup();
    await mkdir(logAbs());
    expect((await status()).writable).toBe(false);
    await rm(logAbs(), { recursive: true });
    await symlink(path.join(outside, 'no-existe.jsonl'), logAbs());
    expect((await status()).writable).toBe(false);
  });
});
