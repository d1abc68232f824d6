import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EndpointEmbedderSchema } from '../../harness/embeddings-schema.ts';
import {
  type EmbeddingsBehaviour,
  type FakeEmbeddingsUpstream,
  startFakeEmbeddingsUpstream,
} from '../../testing/server/fake-embeddings-upstream.ts';
import { Vault } from '../vault/vault.ts';
import { EmbedPipeline } from './embed-pipeline.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import { createEndpointEmbedder } from './endpoint-embedder.ts';
import { createTestEmbedder } from './test-embedder.ts';
import { VectorStore } from './vector-store.ts';

const FAST = { baseMs: 5, maxMs: 20, permanentMs: 20 };
let base: string;
let vault: Vault;
let fake: FakeEmbeddingsUpstream | null;
const running: EmbedPipeline[] = [];

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'soma-pipeline-'));
  fake = null;
});
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
  await vault?.close();
  await fake?.close();
  await rm(base, { recursive: true, force: true });
});

async function startVault(notes: Record<string, string>): Promise<void> {
  await rm(join(base, 'vault'), { recursive: true, force: true });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(base, 'vault'), { recursive: true });
  for (const [p, text] of Object.entries(notes)) await writeFile(join(base, 'vault', p), text);
  vault = new Vault(join(base, 'vault'));
  await vault.start();
  await vault.ready();
}

async function endpoint(script: EmbeddingsBehaviour[], batchSize = 2): Promise<Embedder> {
  fake = await startFakeEmbeddingsUpstream({ dimensions: 16, script });
  const config = EndpointEmbedderSchema.parse({
    kind: 'endpoint',
    baseUrl: fake.baseUrl,
    model: 'fake',
    dimensions: 16,
    batchSize,
    timeoutMs: 60_000,
    apiKeyEnv: null,
    local: true,
  });
  return createEndpointEmbedder(config, {});
}

async function pipeline(
  embedder: Embedder,
  mayEmbed = () => true,
  paused = () => false,
  backoff = FAST,
) {
  const store = await VectorStore.open(join(base, 'config'), {
    model: embedder.model,
    dimensions: embedder.dimensions,
  });
  const seen: { code: string; state: string; stored: number }[] = [];
  const p: EmbedPipeline = new EmbedPipeline({
    vault,
    store,
    embedder,
    mayEmbed,
    paused,
    backoff,
    onFailure: (problem) =>
      seen.push({ code: problem.code, state: p.state, stored: store.noteCount }),
  });
  running.push(p);
  p.start();
  return { p, store, seen };
}

const notes = (n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`nota${i}.md`, `Texto de la nota número ${i}.`]),
  );

describe('server/embeddings/embed-pipeline', () => {
  it('embeds every note, then only notes that changed, and drops removed ones', async () => {
    await startVault(notes(3));
    const embedder = createTestEmbedder({ dimensions: 16, batchSize: 2 });
    const spy = vi.spyOn(embedder, 'embed');
    const { p, store } = await pipeline(embedder);
    await vi.waitFor(() =>
      expect(p.progress()).toEqual({ notesDone: 3, notesTotal: 3, chunks: 3 }),
    );
    expect(p.state).toBe('idle');
    spy.mockClear();
    await writeFile(join(base, 'vault', 'nota1.md'), 'Otro texto');
    await unlink(join(base, 'vault', 'nota2.md'));
    await vi.waitFor(() => expect(store.paths().sort()).toEqual(['nota0.md', 'nota1.md']));
    await vi.waitFor(() => expect(p.progress().notesDone).toBe(2));
    expect(spy.mock.calls.flatMap((c) => c[0])).toEqual(['nota1\n\nOtro texto']);
    expect(p.counters).toMatchObject({ notes: 4, chunks: 4 });
  });

  it('waits for consent before sending anything, and reports what would be sent', async () => {
    await startVault(notes(2));
    let consent = false;
    const embedder = createTestEmbedder({ dimensions: 16, batchSize: 2 });
    const spy = vi.spyOn(embedder, 'embed');
    const { p } = await pipeline(embedder, () => consent);
    await vi.waitFor(() => expect(p.state).toBe('waiting_consent'));
    const chars = ['nota0\n\nTexto de la nota número 0.', 'nota1\n\nTexto de la nota número 1.'];
    expect(p.pending()).toEqual({ notes: 2, characters: chars[0]!.length + chars[1]!.length });
    expect(spy).not.toHaveBeenCalled();
    consent = true;
    p.poke();
    await vi.waitFor(() => expect(p.progress().notesDone).toBe(2));
  });

  const failures: [EmbeddingsBehaviour, string][] = [
    ['429', 'rate_limited'],
    ['500', 'server_error'],
    ['wrong_dimension', 'wrong_dimensions'],
    ['nan', 'bad_vector'],
    ['fewer', 'count_mismatch'],
  ];
  for (const [behaviour, code] of failures) {
    it(`on ${behaviour} keeps what was stored, shows ${code}, and retries the batch`, async () => {
      await startVault(notes(4));
      // The first batch goes through; the second fails twice, then the upstream recovers.
      const { p, seen } = await pipeline(await endpoint(['ok', behaviour, behaviour]));
      await vi.waitFor(() => expect(p.progress().notesDone).toBe(4));
      const failure = { code, state: 'failing', stored: 2 };
      expect(seen).toEqual([failure, failure]);
      expect(p.counters.failures).toBe(2);
      expect(p.lastError).toBeNull();
      expect(p.state).toBe('idle');
    });
  }

  it('a retry asked while the failing request is out sends the batch again at once', async () => {
    await startVault(notes(1));
    const embedder = createTestEmbedder({ dimensions: 16, batchSize: 2 });
    let sent: () => void = () => undefined;
    const out = new Promise<void>((resolve) => {
      sent = resolve;
    });
    let fail: () => void = () => undefined;
    vi.spyOn(embedder, 'embed').mockImplementationOnce(() => {
      sent();
      return new Promise((_, reject) => {
        fail = () =>
          reject(new EmbedError({ code: 'server_error', params: { status: 500 } }, true));
      });
    });
    // A back-off no test outlives: only the retry can send the batch again.
    const long = { baseMs: 3_600_000, maxMs: 3_600_000, permanentMs: 3_600_000 };
    const { p } = await pipeline(embedder, undefined, undefined, long);
    await out;
    // The user fixed the endpoint and pressed «Reintentar» while this request was out.
    p.retryNow();
    fail();
    await vi.waitFor(() => expect(p.progress().notesDone).toBe(1), { timeout: 20_000 });
    expect(p.state).toBe('idle');
    expect(p.counters.failures).toBe(1);
  });

  it('stopped mid-way, restarts from the stored vectors and embeds only the rest', async () => {
    await startVault(notes(6));
    const first = await pipeline(await endpoint(['ok', 'ok', 'hang']));
    await vi.waitFor(() => expect(fake?.requests).toHaveLength(3));
    // The answered batches are written while the third request is out.
    await vi.waitFor(() => expect(first.store.noteCount).toBe(4));
    await first.p.stop();
    await fake?.close();
    const done = first.store.paths();

    const second = await pipeline(await endpoint([]));
    await vi.waitFor(() => expect(second.p.progress().notesDone).toBe(6));
    const sent = fake?.requests.flatMap((r) => r.input.map((t) => t.split('\n')[0])) ?? [];
    expect(sent).toHaveLength(2);
    for (const title of sent) expect(done).not.toContain(`${title}.md`);
    expect(second.store.wasReset).toBe(false);
  });

  it('paused, aborts the request in flight and sends nothing until resumed, then only the rest', async () => {
    await startVault(notes(6));
    let paused = false;
    const { p, store } = await pipeline(
      await endpoint(['ok', 'hang']),
      () => true,
      () => paused,
    );
    await vi.waitFor(() => expect(fake?.requests).toHaveLength(2));
    paused = true;
    await p.halt();
    expect(p.state).toBe('paused');
    const kept = store.paths();
    expect(kept).toHaveLength(2);
    // A change while paused is noted, not sent.
    await writeFile(join(base, 'vault', 'nota5.md'), 'Cambiada en pausa.');
    await vi.waitFor(() => expect(p.progress().notesTotal).toBe(6));
    await writeFile(join(base, 'vault', kept[0] as string), 'También cambiada.');
    await vi.waitFor(() => expect(p.progress().notesDone).toBe(1));
    expect(p.state).toBe('paused');
    expect(fake?.requests).toHaveLength(2);

    paused = false;
    p.poke();
    await vi.waitFor(() => expect(p.progress().notesDone).toBe(6));
    const after = fake?.requests.slice(2).flatMap((r) => r.input.map((t) => t.split('\n')[0]));
    // The unchanged stored note is not embedded again.
    expect(after).not.toContain((kept[1] as string).replace('.md', ''));
    expect(after).toHaveLength(5);
  });
});
