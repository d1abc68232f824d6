import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeVector } from '../../common/vector-codec.ts';
import { testVector } from '../../server/embeddings/test-embedder.ts';
import { TEST_DIMENSIONS, testEmbedStatus } from '../../testing/web/embed-status.ts';
import { deleteDatabase } from '../db/database.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import { embedQuery } from '../lib/embeddings-api.ts';
import { createSearchEngine } from '../search/engine/search-engine.ts';
import type { FromWorker } from '../search/worker/search-protocol.ts';
import { createQueryAnswerer } from '../search/worker/worker-query.ts';
import { createVectorLayer } from './vector-layer.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteDatabase();
});

const D = TEST_DIMENSIONS;
const status = testEmbedStatus();
const CAR = { path: 'coche.md', hash: 'h1', content: '# Garaje\n\nEl automóvil rojo.' };
const DOG = { path: 'perro.md', hash: 'h2', content: '# Paseo\n\nEl perro rojo ladra.' };

/** A server whose /api/embeddings/query never answers: each call waits until the test ends it. */
function hungFetch() {
  const calls: {
    text: string;
    signal: AbortSignal | null;
    fail(): void;
    answer(text: string): void;
  }[] = [];
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({
          text: JSON.parse(String(init.body)).text,
          signal: init.signal ?? null,
          fail: () => reject(new TypeError('The operation was aborted due to timeout')),
          answer: (text) =>
            resolve(Response.json({ generation: 'g1', vector: encodeVector(testVector(text, D)) })),
        });
      }),
  );
  return { fetch, calls };
}

async function setup() {
  const engine = createSearchEngine();
  await updateCachedNotes([CAR, DOG], []);
  engine.apply({ upserted: [CAR, DOG], removed: [] });
  const vectors = createVectorLayer({
    getStatus: async () => status,
    getVectors: async () => ({
      generation: 'g1',
      model: 'test-concepts-64',
      dimensions: D,
      encoding: 'int8-base64',
      reset: true,
      notes: [CAR, DOG].map((n) => ({
        path: n.path,
        hash: n.hash,
        chunks: [
          {
            id: `${n.path}#0`,
            heading: '',
            start: 0,
            end: n.content.length,
            vector: encodeVector(testVector(n.content, D)),
          },
        ],
      })),
      removed: [],
      cursor: 2,
      more: false,
    }),
    embedQuery,
  });
  await vectors.sync();
  const posted: Extract<FromWorker, { type: 'result' }>[] = [];
  const answer = createQueryAnswerer(engine, vectors, (m) => {
    if (m.type === 'result') posted.push(m);
  });
  const query = (id: number, text: string) =>
    answer({ type: 'query', id, query: text, filters: {}, typing: false, sentAt: 0 });
  return { posted, query };
}

describe('a query vector the server never sends', () => {
  it('holds up no lexical answer: words first, the hybrid ranking whenever it comes', async () => {
    const server = hungFetch();
    vi.stubGlobal('fetch', server.fetch);
    const { posted, query } = await setup();

    const first = query(1, 'rojo');
    // The call is bounded by the API's time-out, not left open forever.
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.signal).toBeInstanceOf(AbortSignal);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ id: 1, semantic: { mode: 'pending' } });
    expect(posted[0]!.hits.map((h) => h.path).sort()).toEqual(['coche.md', 'perro.md']);

    // More queries meanwhile get their words at once, and wait for the server one at a time.
    const second = query(2, 'perro');
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ id: 2, semantic: { mode: 'pending' } });
    expect(posted[1]!.hits.map((h) => h.path)).toEqual(['perro.md']);
    const third = query(3, 'ladra');
    await vi.waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]).toMatchObject({ id: 3, semantic: { mode: 'pending' } });
    expect(server.calls).toHaveLength(1);

    // The time-out ends the first call: its answer stays by words, saying why. The second
    // text was typed over while it waited: never sent. The newest goes next.
    server.calls[0]!.fail();
    await Promise.all([first, second]);
    expect(posted.slice(3)).toMatchObject([
      { id: 1, semantic: { mode: 'lexical', reason: 'unreachable' } },
      { id: 2, semantic: { mode: 'lexical' } },
    ]);
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls.map((c) => c.text)).toEqual(['rojo', 'ladra']);
    // It answers late: the fused ranking replaces the lexical one then.
    server.calls[1]!.answer('ladra');
    await third;
    expect(posted[5]).toMatchObject({ id: 3, semantic: { mode: 'hybrid' } });
    expect(posted[5]!.hits[0]!.path).toBe('perro.md');
  });
});
