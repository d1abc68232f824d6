import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchPair } from '../../../common/search-pair-schemas.ts';
import { encodeVector } from '../../../common/vector-codec.ts';
import { testVector } from '../../../server/embeddings/test-embedder.ts';
import { embedNote } from '../../../testing/web/embed-note.ts';
import { TEST_DIMENSIONS, testEmbedStatus } from '../../../testing/web/embed-status.ts';
import { deleteDatabase } from '../../db/database.ts';
import { updateCachedNotes } from '../../db/notes-cache-repo.ts';
import { createVectorLayer } from '../../vectors/vector-layer.ts';
import { createSearchEngine } from '../engine/search-engine.ts';
import type { FromWorker } from './search-protocol.ts';
import { createQualityAnswerer } from './worker-quality.ts';

afterEach(() => deleteDatabase());

const NOTES = [
  // Shares no word with «automóvil»; the test embedder puts coche and furgoneta on its concept.
  { path: 'garaje.md', content: '# Garaje\n\nLa furgoneta y el coche duermen aquí.' },
  { path: 'anuncio.md', content: '# Anuncio\n\nSe vende automóvil rojo.' },
  { path: 'faro.md', content: '# Faro\n\nUn faro en la niebla.' },
].map((n) => ({ ...n, hash: `h:${n.content}` }));

const pair = (query: string, path: string): SearchPair => ({ query, path, from: 'search', at: 0 });

/** The search worker's engine and vector layer over NOTES, vectors from the test embedder. */
async function worker(vectorsOn: boolean) {
  const engine = createSearchEngine();
  await updateCachedNotes(NOTES, []);
  engine.apply({ upserted: NOTES, removed: [] });
  const vectors = createVectorLayer({
    getStatus: async () => testEmbedStatus(),
    getVectors: async () => ({
      generation: 'g1',
      reset: true,
      notes: vectorsOn ? NOTES.map((n) => embedNote(n.path, n.content)) : [],
      removed: [],
      cursor: 1,
      more: false,
      model: 'test-concepts-64',
      dimensions: TEST_DIMENSIONS,
      encoding: 'int8-base64' as const,
    }),
    embedQuery: async (text) => ({
      generation: 'g1',
      vector: encodeVector(testVector(text, TEST_DIMENSIONS)),
    }),
  });
  await vectors.sync();
  const answers: FromWorker[] = [];
  const answer = createQualityAnswerer(engine, vectors, (m) => answers.push(m));
  return { engine, answers, answer };
}

describe('web/search/worker/worker-quality', () => {
  it('scores words + meaning on the fused ranking, apart from words alone, as by hand', async () => {
    const { engine, answers, answer } = await worker(true);
    // Words alone: «automóvil» finds only the advert, «faro» finds the lighthouse first.
    expect(engine.rank('automóvil', false).map((r) => r.path)).toEqual(['anuncio.md']);
    await answer({
      type: 'quality',
      id: 7,
      pairs: [pair('automóvil', 'garaje.md'), pair('faro', 'faro.md')],
    });
    const [got] = answers;
    if (got?.type !== 'quality') throw new Error('no quality answer');
    expect(got.id).toBe(7);
    // By hand, words alone: garaje.md missed (rank 0), faro.md first: top-5 1/2, MRR (0 + 1) / 2.
    expect(got.words).toMatchObject({ top5: 0.5, mrr10: 0.5 });
    expect(got.words.questions.map((q) => q.rank)).toEqual([0, 1]);
    // With vectors, reciprocal-rank fusion: the advert is first in both lists, the garage only
    // in the vector one, so it comes second; faro.md stays first. Top-5 2/2, MRR (1/2 + 1) / 2.
    expect(got.meaning).toMatchObject({ top5: 1, mrr10: 0.75 });
    expect(got.meaning?.questions.map((q) => [q.rank, q.first])).toEqual([
      [2, 'anuncio.md'],
      [1, 'faro.md'],
    ]);
  });

  it('gives no words + meaning figures while the worker holds no vectors', async () => {
    const { answers, answer } = await worker(false);
    await answer({ type: 'quality', id: 1, pairs: [pair('automóvil', 'garaje.md')] });
    expect(answers).toMatchObject([{ type: 'quality', id: 1, meaning: null }]);
  });
});
