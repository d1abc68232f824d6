import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EmbedStatus, EmbedStatusSchema } from '../../common/embedding-schemas.ts';
import { cosine, decodeVector } from '../../common/vector-codec.ts';
import type { SemanticModel } from '../../harness/embeddings-schema.ts';
import { type FakeModelHost, startFakeModelHost } from '../../testing/server/fake-model-host.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { writeConceptModel } from '../../testing/server/tiny-onnx-model.ts';
import { modelFolder } from '../models/model-source.ts';
import { EmbeddingsHost } from './embeddings-host.ts';
import { SwitchStore } from './switch-store.ts';

const DIMENSIONS = 64;
const NOTES = {
  '00_Entrada/Garaje.md': '# Garaje\n\nEl coche.\n',
  '01_Caracter/Paseo.md': '# Paseo\n\nEl perro corre por la playa.\n',
};

let t: TestApp | null = null;
let mirror: FakeModelHost | null = null;
let dir: string | null = null;
afterEach(async () => {
  await t?.close();
  await mirror?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  t = mirror = dir = null;
});

/** A mirror serving the concept model (real ONNX bytes), pinned in the harness by size and SHA-256. */
async function withMirror(): Promise<{ t: TestApp; model: SemanticModel }> {
  mirror = await startFakeModelHost();
  dir = await mkdtemp(join(tmpdir(), 'soma-concept-'));
  const { files } = await writeConceptModel(dir, DIMENSIONS);
  const model: SemanticModel = {
    ...mirror.model,
    mirror: mirror.baseUrl,
    dimensions: DIMENSIONS,
    files: mirror.model.files.map((f) => ({ ...f, ...files.find((w) => w.name === f.name)! })),
    chunksPerSecond: { '1': 20, '2': 40 },
  };
  for (const f of model.files) mirror.bytes.set(f.path, await readFile(join(dir, f.name)));
  t = await buildTestApp({ notes: NOTES, harness: (h) => ({ ...h, semanticModel: model }) });
  return { t, model };
}

/** A request as the laptop sends it (loopback listener) or as anything else (a phone, the LAN). */
async function call(
  path: string,
  opts: { method?: string; body?: unknown; cookie: string; laptop?: boolean },
): Promise<{ status: number; body: { error?: { code: string } } & Partial<EmbedStatus> }> {
  const headers: Record<string, string> = {
    host: HOST,
    origin: ORIGIN,
    cookie: opts.cookie,
    'content-type': 'application/json',
  };
  const init: RequestInit = { method: opts.method ?? 'GET', headers };
  if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
  const env = { somaListener: opts.laptop === false ? 'lan' : 'loopback' };
  const res = await t!.app.request(path, init, env);
  return { status: res.status, body: await res.json() };
}

const status = async (cookie: string) =>
  EmbedStatusSchema.parse((await call('/api/embeddings/status', { cookie })).body);

describe('server/embeddings/embeddings-host', () => {
  it('offers the harness’s model with its size and a time estimate while the layer is off', async () => {
    const { t, model } = await withMirror();
    const s = await status(await t.login());
    expect(s).toMatchObject({ configured: false, state: 'off', laptop: true });
    expect(s.semanticModel).toMatchObject({
      name: model.name,
      dimensions: DIMENSIONS,
      bytes: model.files[0]!.bytes + model.files[1]!.bytes,
      download: { state: 'absent', progress: null, problem: null },
      // Three short notes (the two and the vault's welcome note): a chunk each, at 20/s.
      estimate: { chunks: 3, seconds: 1 },
    });
    expect(s.budget.cores).toBe(1);
  });

  it('downloads the model on a click, then the layer starts and finds a note by meaning', async () => {
    const { t, model } = await withMirror();
    const cookie = await t.login();
    // Every state the layer announces (the browser's event stream hears the same changes).
    const seen: string[] = [];
    const host = t.embeddings;
    host.onChange(() => {
      // Read at once (the layer's own status is synchronous): a later read could miss a step.
      const state = (() => {
        try {
          return host.layer().status().state;
        } catch {
          return 'off';
        }
      })();
      if (seen.at(-1) !== state) seen.push(state);
    });
    const started = await call('/api/embeddings/model', { method: 'POST', cookie });
    expect(started.status).toBe(202);
    expect(started.body.semanticModel?.download.state).toMatch(/downloading|checking|installed/);
    await t.embeddings.settled();
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'), {
      timeout: 20_000,
    });
    await vi.waitFor(() => expect(seen.at(-1)).toBe('idle'));
    // After the download (the click's answer said so): embedding, then idle (ready).
    expect(seen).toContain('embedding');
    expect(seen.lastIndexOf('idle')).toBeGreaterThan(seen.indexOf('embedding'));
    const s = await status(cookie);
    expect(s).toMatchObject({ configured: true, kind: 'onnx', local: true, dimensions: 64 });
    expect(s.semanticModel?.download.state).toBe('installed');
    expect(s.progress).toMatchObject({ notesDone: 3, notesTotal: 3 });
    expect(
      (await stat(join(modelFolder(join(t.base, 'config'), model), 'tokenizer.json'))).isFile(),
    ).toBe(true);
    const delta = (await call('/api/embeddings/vectors', { cookie })).body as unknown as {
      notes: { path: string; chunks: { vector: { scale: number; data: string } }[] }[];
    };
    const query = (
      await call('/api/embeddings/query', { method: 'POST', cookie, body: { text: 'automóvil' } })
    ).body as unknown as { vector: { scale: number; data: string } };
    const near = (path: string) =>
      cosine(
        decodeVector(query.vector),
        decodeVector(delta.notes.find((n) => n.path === path)!.chunks[0]!.vector),
      );
    expect(near('00_Entrada/Garaje.md')).toBeGreaterThan(near('01_Caracter/Paseo.md'));
  });

  it('answers 409 busy to a second click while the download runs, and cancels on request', async () => {
    const { t } = await withMirror();
    const cookie = await t.login();
    mirror!.behaviour.chunkDelayMs = 200;
    expect((await call('/api/embeddings/model', { method: 'POST', cookie })).status).toBe(202);
    const again = await call('/api/embeddings/model', { method: 'POST', cookie });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'busy' } } });
    expect(
      (await call('/api/embeddings/model/download', { method: 'DELETE', cookie })).status,
    ).toBe(200);
    await t.embeddings.settled();
    const s = await status(cookie);
    expect(s.configured).toBe(false);
    expect(s.semanticModel?.download).toMatchObject({
      state: 'absent',
      problem: { code: 'cancelled' },
    });
  });

  it('says a 404 from the mirror in the status, and the layer stays off', async () => {
    const { t, model } = await withMirror();
    const cookie = await t.login();
    mirror!.bytes.delete(model.files[1]!.path);
    await call('/api/embeddings/model', { method: 'POST', cookie });
    await t.embeddings.settled();
    const s = await status(cookie);
    expect(s).toMatchObject({ configured: false, state: 'off' });
    expect(s.semanticModel?.download).toMatchObject({
      state: 'failed',
      problem: { code: 'http_status', params: { status: 404 } },
    });
  });

  it('refuses download, folder install and budget to anything but the laptop', async () => {
    const { t } = await withMirror();
    const cookie = await t.login();
    const phone = { cookie, laptop: false };
    for (const [path, method, body] of [
      ['/api/embeddings/model', 'POST', undefined],
      ['/api/embeddings/model/download', 'DELETE', undefined],
      ['/api/embeddings/model/folder', 'POST', { dir: '/tmp' }],
      ['/api/embeddings/budget', 'POST', { cores: 2 }],
    ] as const) {
      const res = await call(path, { ...phone, method, body });
      expect(res, path).toMatchObject({ status: 403, body: { error: { code: 'loopback_only' } } });
    }
    expect((await call('/api/embeddings/status', phone)).body.laptop).toBe(false);
    expect(mirror!.requests).toEqual([]);
  });

  it('keeps the CPU budget in the config folder, so a restart keeps it', async () => {
    const { t } = await withMirror();
    const cookie = await t.login();
    const res = await call('/api/embeddings/budget', {
      method: 'POST',
      cookie,
      body: { cores: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.budget?.cores).toBe(2);
    expect((await SwitchStore.open(join(t.base, 'config', 'embeddings'))).cores).toBe(2);
    const bad = await call('/api/embeddings/budget', {
      method: 'POST',
      cookie,
      body: { cores: 3 },
    });
    expect(bad.status).toBe(400);
  });

  it('installs from a folder, and says so when the folder goes away while SOMA runs', async () => {
    const { t, model } = await withMirror();
    const cookie = await t.login();
    const res = await call('/api/embeddings/model/folder', {
      method: 'POST',
      cookie,
      body: { dir },
    });
    expect(res.status).toBe(202);
    await t.embeddings.settled();
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'), {
      timeout: 20_000,
    });
    expect((await status(cookie)).progress.notesDone).toBe(3);
    expect(mirror!.requests).toEqual([]);
    const installed = modelFolder(join(t.base, 'config'), model);
    await rm(installed, { recursive: true });
    const s = await status(cookie);
    expect(s).toMatchObject({ configured: false, state: 'off' });
    expect(s.semanticModel?.download).toMatchObject({
      state: 'absent',
      problem: { code: 'removed', params: { dir: installed } },
    });
    // The vectors made stay: with the model back, nothing is embedded again.
    await call('/api/embeddings/model/folder', { method: 'POST', cookie, body: { dir } });
    await t.embeddings.settled();
    await vi.waitFor(async () => expect((await status(cookie)).state).toBe('idle'), {
      timeout: 20_000,
    });
    const back = await status(cookie);
    expect(back.progress).toMatchObject({ notesDone: 3, chunks: 3 });
    expect(back.counters.notes).toBe(0);
  });

  it('starts an installed model again at start-up, with no click, at the kept budget', async () => {
    const { t } = await withMirror();
    const cookie = await t.login();
    await call('/api/embeddings/model', { method: 'POST', cookie });
    await t.embeddings.settled();
    const budget = await call('/api/embeddings/budget', {
      method: 'POST',
      cookie,
      body: { cores: 2 },
    });
    expect(budget.body.budget?.cores).toBe(2);
    const again = new EmbeddingsHost({
      harness: () => t.harness.current(),
      vault: t.vault,
      configDir: join(t.base, 'config'),
      env: {},
    });
    try {
      await again.start();
      await again.settled();
      const s = await again.status(true);
      expect(s).toMatchObject({ configured: true, kind: 'onnx', budget: { cores: 2 } });
      expect(s.semanticModel?.download.state).toBe('installed');
      expect(mirror!.requests.filter((r) => r.path.endsWith('tokenizer.json'))).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
