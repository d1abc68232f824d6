import { afterEach, describe, expect, it } from 'vitest';
import { EndpointEmbedderSchema } from '../../harness/embeddings-schema.ts';
import {
  type EmbeddingsBehaviour,
  type FakeEmbeddingsUpstream,
  startFakeEmbeddingsUpstream,
} from '../../testing/server/fake-embeddings-upstream.ts';
import { EmbedError } from './embedder.ts';
import { createEndpointEmbedder, isLoopbackUrl } from './endpoint-embedder.ts';
import { testVector } from './test-embedder.ts';

let fake: FakeEmbeddingsUpstream | null = null;
let target: FakeEmbeddingsUpstream | null = null;
afterEach(async () => {
  await fake?.close();
  await target?.close();
  fake = target = null;
});

async function embedder(script: EmbeddingsBehaviour[], extra: Record<string, unknown> = {}) {
  fake = await startFakeEmbeddingsUpstream({ dimensions: 8, script });
  const config = EndpointEmbedderSchema.parse({
    kind: 'endpoint',
    baseUrl: fake.baseUrl,
    model: 'nomic-embed-text',
    dimensions: 8,
    timeoutMs: 1_000,
    apiKeyEnv: null,
    local: true,
    ...extra,
  });
  return createEndpointEmbedder(config, { EMB_KEY: 'sk-secret-value-123456789' });
}

async function failure(p: Promise<unknown>): Promise<EmbedError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbedError);
  return err as EmbedError;
}

describe('server/embeddings/endpoint-embedder', () => {
  it('refuses a redirect: its target, another origin, receives nothing', async () => {
    target = await startFakeEmbeddingsUpstream({ dimensions: 8 });
    fake = await startFakeEmbeddingsUpstream({
      dimensions: 8,
      script: ['redirect'],
      redirectTo: target.baseUrl,
    });
    const e = createEndpointEmbedder(
      EndpointEmbedderSchema.parse({
        kind: 'endpoint',
        baseUrl: fake.baseUrl,
        model: 'm',
        dimensions: 8,
        apiKeyEnv: null,
        local: false,
      }),
      {},
    );
    const err = await failure(e.embed(['texto privado'], 'document'));
    expect([err.problem, err.transient]).toEqual([
      { code: 'bad_response', params: { status: 307 } },
      false,
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(target.requests).toEqual([]);
  });

  it('believes `local: true` only for a loopback address', () => {
    for (const url of [
      'http://127.0.0.1:11434/v1',
      'http://127.8.9.10/v1',
      'http://[::1]:8080/v1',
      'http://LOCALHOST:1/v1',
    ]) {
      expect([url, isLoopbackUrl(url)]).toEqual([url, true]);
    }
    for (const url of [
      'http://192.168.1.20:11434/v1',
      'https://api.example.com/v1',
      'http://localhost.example.com/v1',
      'http://[::2]/v1',
      'http://128.0.0.1/v1',
    ]) {
      expect([url, isLoopbackUrl(url)]).toEqual([url, false]);
    }
  });

  it('returns one vector per input, in order, with the document prefix sent', async () => {
    const e = await embedder([], { documentPrefix: 'search_document: ' });
    const out = await e.embed(['uno', 'dos'], 'document');
    expect(out.map((v) => [...v])).toEqual([
      [...testVector('search_document: uno', 8)],
      [...testVector('search_document: dos', 8)],
    ]);
    expect(fake?.requests[0]?.input).toEqual(['search_document: uno', 'search_document: dos']);
    expect(fake?.requests[0]?.model).toBe('nomic-embed-text');
  });

  it('sends the key from the named variable and never puts it in an error', async () => {
    const e = await embedder(['500'], { apiKeyEnv: 'EMB_KEY' });
    const err = await failure(e.embed(['x'], 'query'));
    expect(fake?.requests[0]?.authorization).toBe('Bearer sk-secret-value-123456789');
    expect(JSON.stringify(err.problem) + err.message).not.toContain('secret');
  });

  it('says which variable is missing when the key is not set', async () => {
    const e = await embedder([], { apiKeyEnv: 'OTHER_KEY' });
    const err = await failure(e.embed(['x'], 'query'));
    expect(err.problem).toEqual({ code: 'key_missing', params: { env: 'OTHER_KEY' } });
    expect(fake?.requests).toHaveLength(0);
  });

  const cases: [EmbeddingsBehaviour, string, boolean][] = [
    ['429', 'rate_limited', true],
    ['500', 'server_error', true],
    ['hang', 'timeout', true],
    ['wrong_dimension', 'wrong_dimensions', false],
    ['nan', 'bad_vector', false],
    ['fewer', 'count_mismatch', false],
    ['not_json', 'bad_response', false],
  ];
  for (const [behaviour, code, transient] of cases) {
    it(`reports ${behaviour} as ${code} (${transient ? 'retry' : 'no retry'})`, async () => {
      const e = await embedder([behaviour]);
      const err = await failure(e.embed(['a', 'b'], 'document'));
      expect(err.problem.code).toBe(code);
      expect(err.transient).toBe(transient);
    });
  }

  it('passes on the Retry-After of a 429', async () => {
    const e = await embedder(['429']);
    expect((await failure(e.embed(['a'], 'document'))).retryAfterMs).toBe(0);
  });

  it('reports an endpoint nobody listens on as unreachable', async () => {
    const e = await embedder([]);
    await fake?.close();
    fake = null;
    expect((await failure(e.embed(['a'], 'document'))).problem.code).toBe('unreachable');
  });
});
