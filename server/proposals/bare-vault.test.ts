import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_PATH,
  ProposalsAnswerSchema,
  SYNAPSE_LOG_PATH,
} from '../../common/proposal-schemas.ts';
import { apiClient } from '../../testing/server/proposals-client.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

const META = { profile: 'tutor', provider: 'groq', model: 'llama-3.3-70b-versatile' };

/** An Obsidian-style vault: its own notes, none of SOMA's folders. */
async function bareVault(): Promise<TestApp> {
  return buildTestApp({ notes: { 'Diario/Faro.md': '# Faro\n' }, laidOut: false });
}

describe('a vault SOMA did not lay out', () => {
  let ctx: TestApp;
  afterEach(async () => {
    await ctx?.close();
  });
  const get = async (route: string) =>
    ctx.app.request(route, {
      headers: { host: HOST, origin: ORIGIN, cookie: (await ctx.login()).toString() },
    });

  it('lists its own folders only, and says there is no closing to recall', async () => {
    ctx = await bareVault();
    const { rows } = (await (await get('/api/vault/folder?path=')).json()) as {
      rows: { name: string }[];
    };
    expect(rows.map((r) => r.name)).toEqual(['Diario']);
    const context = (await (await get('/api/chat/context')).json()) as {
      latestClosing: unknown;
    };
    expect(context.latestClosing).toBeNull();
    expect(((await (await get('/api/status')).json()) as { audit: unknown }).audit).toEqual({
      writable: true,
    });
  });

  it('gets the folders an approved write needs, with its audit line, and no others', async () => {
    ctx = await bareVault();
    const api = apiClient(ctx, await ctx.login());
    const closing = await api.propose('/closing', { content: '## Resumen\nHecho.', meta: META });
    expect((await api.confirm(closing)).status).toBe(200);
    const { proposals } = ProposalsAnswerSchema.parse(
      await (await api.post('/synapses', { answer: 'Como en [[Faro]].' })).json(),
    );
    expect(proposals[0]?.path).toBe(SYNAPSE_LOG_PATH);
    expect((await api.confirm(proposals[0]!)).status).toBe(200);
    const root = ctx.vault.root;
    expect((await readdir(root)).sort()).toEqual(['02_Conciencia', 'Diario']);
    expect(await readFile(path.join(root, closing.path), 'utf8')).toBe(closing.content);
    expect(await readFile(path.join(root, SYNAPSE_LOG_PATH), 'utf8')).toContain('[[Faro]]');
    const audit = await readFile(path.join(root, AUDIT_LOG_PATH), 'utf8');
    expect(audit.trim().split('\n')).toHaveLength(2);
    const recalled = (await (await get('/api/chat/context')).json()) as {
      latestClosing: { path: string } | null;
    };
    expect(recalled.latestClosing?.path).toBe(closing.path);
  });
});
