import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbedStatusSchema, VectorsDeltaSchema } from '../../common/embedding-schemas.ts';
import { cosine, decodeVector } from '../../common/vector-codec.ts';
import { EmbeddingsSchema } from '../../harness/embeddings-schema.ts';
import {
  type EmbeddingsBehaviour,
  type FakeEmbeddingsUpstream,
  startFakeEmbeddingsUpstream,
} from '../../testing/server/fake-embeddings-upstream.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { SESSION_COOKIE } from '../auth/session-middleware.ts';
import { startEmbeddings } from './embeddings-service.ts';

let t: TestApp | null = null;
let fake: FakeEmbeddingsUpstream | null = null;
afterEach(async () => {
  await t?.close();
  await fake?.close();
  t = null;
  fake = null;
});

const NOTES = {
  '00_Entrada/coche.md': '# Garaje\n\nEl automóvil rojo está en el taller.',
  '00_Entrada/cocina.md': 'Receta de tortilla con patatas y cebolla.',
};

const QUICK_BACKOFF = { baseMs: 5, maxMs: 20, permanentMs: 20 };

async function withLayer(embedder: Record<string, unknown>, backoff = QUICK_BACKOFF) {
  const config = EmbeddingsSchema.parse({ embedder });
  t = await buildTestApp({
    notes: NOTES,
    embeddings: ({ vault, configDir }) =>
      startEmbeddings({
        config,
        vault,
        configDir,
        env: {},
        backoff,
      }),
  });
  return { app: t.app, cookie: await t.login() };
}

async function get(path: string, cookie: string) {
  const res = await t!.app.request(path, { headers: { host: HOST, cookie } });
  return { status: res.status, body: await res.json() };
}
/** A POST as the laptop's browser sends it, or over the LAN listener. */
async function post(
  path: string,
  cookie: string,
  body: unknown,
  listener: 'loopback' | 'lan' = 'loopback',
) {
  const res = await t!.app.request(
    path,
    {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { somaListener: listener },
  );
  return { status: res.status, body: await res.json() };
}
const status = async (cookie: string) =>
  EmbedStatusSchema.parse((await get('/api/embeddings/status', cookie)).body);

async function endpointLayer(
  local: boolean,
  script: EmbeddingsBehaviour[] = [],
  backoff = QUICK_BACKOFF,
) {
  fake = await startFakeEmbeddingsUpstream({ dimensions: 32, script });
  return withLayer(
    {
      kind: 'endpoint',
      baseUrl: fake.baseUrl,
      model: 'emb',
      dimensions: 32,
      apiKeyEnv: null,
      local,
    },
    backoff,
  );
}

describe('server/embeddings/embeddings-routes', () => {
  it('with the layer off, says so and how to turn it on; other routes are 409', async () => {
    t = await buildTestApp({ notes: NOTES });
    const cookie = await t.login();
    const s = await status(cookie);
    expect(s).toMatchObject({
      configured: false,
      state: 'off',
      lastError: { code: 'embeddings_off' },
    });
    const q = await post('/api/embeddings/query', cookie, { text: 'coche' });
    expect(q).toEqual({
      status: 409,
      body: { error: { code: 'embeddings_off', message: expect.any(String) } },
    });
  });

  it('needs a session like every /api route', async () => {
    await withLayer({ kind: 'test' });
    expect((await get('/api/embeddings/status', '')).status).toBe(401);
  });

  it('ships vectors as deltas: everything first, then only what changed', async () => {
    const { cookie } = await withLayer({ kind: 'test', dimensions: 64 });
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    const first = VectorsDeltaSchema.parse((await get('/api/embeddings/vectors', cookie)).body);
    expect(first).toMatchObject({
      reset: true,
      dimensions: 64,
      encoding: 'int8-base64',
      more: false,
    });
    expect(first.notes.map((n) => n.path).sort()).toContain('00_Entrada/coche.md');
    const coche = first.notes.find((n) => n.path === '00_Entrada/coche.md')!;
    expect(coche.chunks[0]).toMatchObject({
      id: '00_Entrada/coche.md#0',
      heading: 'Garaje',
      start: 0,
    });

    const q = (await post('/api/embeddings/query', cookie, { text: 'mi coche' })).body;
    const score = (path: string) =>
      cosine(
        decodeVector(q.vector),
        decodeVector(first.notes.find((n) => n.path === path)!.chunks[0]!.vector),
      );
    expect(score('00_Entrada/coche.md')).toBeGreaterThan(score('00_Entrada/cocina.md'));

    const since = `since=${first.cursor}&generation=${first.generation}`;
    expect((await get(`/api/embeddings/vectors?${since}`, cookie)).body).toMatchObject({
      reset: false,
      notes: [],
      removed: [],
    });
    await writeFile(join(t!.vault.root, '00_Entrada/cocina.md'), 'Cena de hoy.');
    await unlink(join(t!.vault.root, '00_Entrada/coche.md'));
    await vi.waitFor(async () => {
      const d = VectorsDeltaSchema.parse(
        (await get(`/api/embeddings/vectors?${since}`, cookie)).body,
      );
      expect(d.notes.map((n) => n.path)).toEqual(['00_Entrada/cocina.md']);
      expect(d.removed).toEqual(['00_Entrada/coche.md']);
    });
    const other = (
      await get(`/api/embeddings/vectors?since=${first.cursor}&generation=other`, cookie)
    ).body;
    expect(other.reset).toBe(true);
  });

  it('pages a delta by chunks and says there is more', async () => {
    const { cookie } = await withLayer({ kind: 'test' });
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    const page = (await get('/api/embeddings/vectors?limit=1', cookie)).body;
    expect(page.notes).toHaveLength(1);
    expect(page.more).toBe(true);
    const bad = await get('/api/embeddings/vectors?limit=0', cookie);
    expect(bad.status).toBe(400);
  });

  it('sends nothing to a non-local endpoint before consent, and tells what would leave', async () => {
    const { cookie } = await endpointLayer(false);
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
    const s = await status(cookie);
    expect(s).toMatchObject({
      consent: 'needed',
      local: false,
      endpoint: fake!.baseUrl,
      pending: { notes: 3 },
    });
    expect(s.pending.characters).toBeGreaterThan(50);
    expect(fake!.requests).toHaveLength(0);
    expect((await post('/api/embeddings/query', cookie, { text: 'x' })).status).toBe(403);
    const wrong = await post('/api/embeddings/consent', cookie, {
      endpoint: 'http://evil/v1',
      model: 'emb',
    });
    expect(wrong.body.error.code).toBe('consent_mismatch');
    const ok = await post('/api/embeddings/consent', cookie, {
      endpoint: fake!.baseUrl,
      model: 'emb',
    });
    expect(ok.body.consent).toBe('given');
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    expect((await status(cookie)).counters.charactersSent).toBe(s.pending.characters);
  });

  it('takes consent only from the laptop’s browser, never a phone, the LAN or the terminal’s token', async () => {
    await endpointLayer(false);
    const consent = { endpoint: fake!.baseUrl, model: 'emb' };
    const phone = await t!.sessions.create('Móvil', 'pairing');
    const terminal = await t!.sessions.create('Terminal (soma)', 'cli');
    const link = await t!.login();
    for (const [cookie, listener] of [
      [`${SESSION_COOKIE}=${phone.token}`, 'lan'],
      [`${SESSION_COOKIE}=${phone.token}`, 'loopback'],
      [link, 'lan'],
      [`${SESSION_COOKIE}=${terminal.token}`, 'loopback'],
    ] as const) {
      const res = await post('/api/embeddings/consent', cookie, consent, listener);
      expect([listener, res.status, res.body.error?.code]).toEqual([
        listener,
        403,
        'loopback_only',
      ]);
    }
    expect((await status(link)).consent).toBe('needed');
    expect(fake!.requests).toEqual([]);
    expect((await post('/api/embeddings/consent', link, consent)).status).toBe(200);
  });

  it('asks for consent for a `local: true` endpoint whose address is not loopback, and sends nothing', async () => {
    const { cookie } = await withLayer({
      kind: 'endpoint',
      baseUrl: 'http://embeddings.example.invalid:11434/v1',
      model: 'emb',
      dimensions: 32,
      apiKeyEnv: null,
      local: true,
    });
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
    const s = await status(cookie);
    expect(s).toMatchObject({ local: false, consent: 'needed' });
    expect(s.counters.requests).toBe(0);
    expect((await post('/api/embeddings/query', cookie, { text: 'coche' })).status).toBe(403);
  });

  it('counts a query to a non-local endpoint as characters sent and as a request', async () => {
    const { cookie } = await endpointLayer(false);
    await post('/api/embeddings/consent', cookie, { endpoint: fake!.baseUrl, model: 'emb' });
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'));
    const before = (await status(cookie)).counters;
    expect((await post('/api/embeddings/query', cookie, { text: 'mi coche' })).status).toBe(200);
    const after = (await status(cookie)).counters;
    expect(after.charactersSent - before.charactersSent).toBe('mi coche'.length);
    expect(after.requests - before.requests).toBe(1);
  });

  it('counts a failed query as a failure and no longer reads as up to date, until one succeeds', async () => {
    const { cookie } = await endpointLayer(true);
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'));
    fake!.script.push('500');
    expect((await post('/api/embeddings/query', cookie, { text: 'x' })).status).toBe(502);
    const down = await status(cookie);
    expect(down.counters.failures).toBe(1);
    expect(down.state).toBe('failing');
    expect(down.lastError?.code).toBe('server_error');
    expect((await post('/api/embeddings/query', cookie, { text: 'x' })).status).toBe(200);
    const up = await status(cookie);
    expect(up.state).toBe('idle');
    expect(up.lastError).toBeNull();
  });

  it('keeps the vault readable while the endpoint fails, with the failure in the status', async () => {
    const { cookie } = await endpointLayer(true, Array(1_000).fill('500'));
    await vi.waitFor(async () =>
      expect((await status(cookie)).lastError?.code).toBe('server_error'),
    );
    expect((await status(cookie)).state).toBe('failing');
    expect((await get('/api/vault/manifest', cookie)).status).toBe(200);
    expect((await post('/api/embeddings/query', cookie, { text: 'x' })).body.error.code).toBe(
      'embed_failed',
    );
  });

  it('retries a failed batch at once when asked, instead of waiting out the back-off', async () => {
    const long = { baseMs: 600_000, maxMs: 600_000, permanentMs: 600_000 };
    const { cookie } = await endpointLayer(true, ['500'], long);
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('failing'));
    expect(fake!.requests).toHaveLength(1);
    const res = await post('/api/embeddings/retry', cookie, {});
    expect(res.status).toBe(200);
    expect(EmbedStatusSchema.parse(res.body).configured).toBe(true);
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'));
    expect((await status(cookie)).lastError).toBeNull();
    expect((await status(cookie)).progress.notesDone).toBe(3);
  });

  it('refuses an empty query text', async () => {
    const { cookie } = await withLayer({ kind: 'test' });
    expect((await post('/api/embeddings/query', cookie, { text: '  ' })).status).toBe(400);
  });

  it('switched off: paused, queries refused, nothing sent; on again embeds only what changed', async () => {
    const { cookie } = await endpointLayer(true);
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    const off = await post('/api/embeddings/enabled', cookie, { enabled: false });
    expect(off.status).toBe(200);
    expect(EmbedStatusSchema.parse(off.body)).toMatchObject({ enabled: false, state: 'paused' });
    const sentBefore = fake!.requests.length;
    const q = await post('/api/embeddings/query', cookie, { text: 'coche' });
    expect(q).toEqual({
      status: 409,
      body: { error: { code: 'embeddings_paused', message: expect.any(String) } },
    });
    // Stored vectors stay and are still served.
    const d = VectorsDeltaSchema.parse((await get('/api/embeddings/vectors', cookie)).body);
    expect(d.notes).toHaveLength(3);
    await writeFile(join(t!.vault.root, '00_Entrada/cocina.md'), 'Cena de hoy.');
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(2));
    expect(fake!.requests).toHaveLength(sentBefore);

    const on = await post('/api/embeddings/enabled', cookie, { enabled: true });
    expect(on.body.enabled).toBe(true);
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    const resent = fake!.requests.slice(sentBefore).flatMap((r) => r.input);
    expect(resent).toEqual([expect.stringContaining('Cena de hoy.')]);
    expect((await post('/api/embeddings/query', cookie, { text: 'coche' })).status).toBe(200);
  });

  it('keeps the switch across a restart, and refuses a body without a boolean', async () => {
    const { cookie } = await withLayer({ kind: 'test' });
    expect((await post('/api/embeddings/enabled', cookie, { enabled: 'no' })).status).toBe(400);
    await post('/api/embeddings/enabled', cookie, { enabled: false });
    const reopened = await startEmbeddings({
      config: EmbeddingsSchema.parse({ embedder: { kind: 'test' } }),
      vault: t!.vault,
      configDir: join(t!.base, 'config'),
      env: {},
    });
    try {
      expect(reopened.status()).toMatchObject({ enabled: false, state: 'paused' });
    } finally {
      await reopened.close();
    }
  });

  describe('withdrawing consent stops what would go out next, at once', () => {
    const del = (cookie: string) =>
      t!.app.request(
        '/api/embeddings/consent',
        { method: 'DELETE', headers: { host: HOST, origin: ORIGIN, cookie } },
        { somaListener: 'loopback' },
      );
    /** Consents, lets the first request go out per `script`, then waits for `ready`. */
    async function consentedThen(script: EmbeddingsBehaviour[], backoff: typeof QUICK_BACKOFF) {
      const { cookie } = await endpointLayer(false, script, backoff);
      await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
      await post('/api/embeddings/consent', cookie, { endpoint: fake!.baseUrl, model: 'emb' });
      await vi.waitFor(() => expect(fake!.requests).toHaveLength(1));
      return cookie;
    }
    /** After the DELETE answered: parked waiting for consent, nothing more sent or stored. */
    async function nothingMore(cookie: string) {
      await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
      const s = await status(cookie);
      expect(s.progress.chunks).toBe(0);
      expect(fake!.requests).toHaveLength(1);
    }

    it('during the back-off after a failure', async () => {
      const cookie = await consentedThen(['500'], { baseMs: 300, maxMs: 300, permanentMs: 300 });
      await vi.waitFor(async () => expect((await status(cookie)).state).toBe('failing'));
      expect((await del(cookie)).status).toBe(200);
      await nothingMore(cookie);
    });

    it('on «retry now» after withdrawing', async () => {
      const slow = { baseMs: 60_000, maxMs: 60_000, permanentMs: 60_000 };
      const cookie = await consentedThen(['500'], slow);
      await vi.waitFor(async () => expect((await status(cookie)).state).toBe('failing'));
      expect((await del(cookie)).status).toBe(200);
      expect((await post('/api/embeddings/retry', cookie, {})).status).toBe(200);
      await nothingMore(cookie);
    });

    it('aborts a query in flight: it is refused, and nothing more is sent', async () => {
      const cookie = await consentedThen([], QUICK_BACKOFF);
      await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'));
      fake!.script.push('held');
      const query = post('/api/embeddings/query', cookie, { text: 'coche' });
      await vi.waitFor(() => expect(fake!.requests).toHaveLength(2));
      expect((await del(cookie)).status).toBe(200);
      fake!.release();
      expect(await query).toMatchObject({
        status: 403,
        body: { error: { code: 'consent_required' } },
      });
      expect((await post('/api/embeddings/query', cookie, { text: 'coche' })).status).toBe(403);
      expect(fake!.requests).toHaveLength(2);
    });

    it('aborts the request in flight: its answer, when the endpoint recovers, is not stored', async () => {
      const cookie = await consentedThen(['held'], QUICK_BACKOFF);
      expect((await del(cookie)).status).toBe(200);
      fake!.release();
      await nothingMore(cookie);
    });
  });

  it('withdraws consent: nothing more is sent, the stored vectors stay', async () => {
    const { cookie } = await endpointLayer(false);
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
    await post('/api/embeddings/consent', cookie, { endpoint: fake!.baseUrl, model: 'emb' });
    await vi.waitFor(async () => expect((await status(cookie)).progress.notesDone).toBe(3));
    const res = await t!.app.request('/api/embeddings/consent', {
      method: 'DELETE',
      headers: { host: HOST, origin: ORIGIN, cookie },
    });
    expect(EmbedStatusSchema.parse(await res.json())).toMatchObject({ consent: 'needed' });
    const sent = fake!.requests.length;
    expect((await post('/api/embeddings/query', cookie, { text: 'x' })).status).toBe(403);
    await writeFile(join(t!.vault.root, '00_Entrada/cocina.md'), 'Cena de hoy.');
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('waiting_consent'));
    await vi.waitFor(async () => expect((await status(cookie)).pending.notes).toBe(1));
    expect(fake!.requests).toHaveLength(sent);
    const d = VectorsDeltaSchema.parse((await get('/api/embeddings/vectors', cookie)).body);
    expect(d.notes.length).toBeGreaterThanOrEqual(2);
  });
});
