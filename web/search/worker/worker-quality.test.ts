import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedStatus } from '../../../common/embedding-schemas.ts';
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
import { createQualityKeeper, type QualityKeeper } from './worker-quality.ts';

afterEach(() => deleteDatabase());

const NOTES = [
  // Shares no word with «automóvil»; the test embedder puts coche and furgoneta on its concept.
  { path: 'garaje.md', content: '# Garaje\n\nLa furgoneta y el coche duermen aquí.' },
  { path: 'anuncio.md', content: '# Anuncio\n\nSe vende automóvil rojo.' },
  { path: 'faro.md', content: '# Faro\n\nUn faro en la niebla.' },
].map((n) => ({ ...n, hash: `h:${n.content}` }));

const pair = (query: string, path: string): SearchPair => ({ query, path, from: 'search', at: 0 });
const ask = (id: number, pairs: SearchPair[]) => ({ type: 'quality' as const, id, pairs });
const BOTH = [pair('automóvil', 'garaje.md'), pair('faro', 'faro.md')];

/**
 * The search worker's engine, vector layer and figures over NOTES, as the worker wires
 * them (new vectors check the figures); `server` is what the embeddings API answers.
 */
async function worker(vectorsOn: boolean, options: { retryMs?: number } = {}) {
  const server = {
    status: testEmbedStatus(),
    notes: vectorsOn ? NOTES : [],
    /** The server refuses query vectors (it is restarting). */
    refusing: false,
  };
  const engine = createSearchEngine();
  await updateCachedNotes(NOTES, []);
  engine.apply({ upserted: NOTES, removed: [] });
  let keeper: QualityKeeper | null = null;
  const vectors = createVectorLayer({
    getStatus: async () => server.status,
    getVectors: async (_since, generation) => ({
      generation: server.status.generation,
      reset: generation !== server.status.generation,
      notes: server.notes.map((n) => embedNote(n.path, n.content)),
      removed: [],
      cursor: 1,
      more: false,
      model: server.status.model ?? '',
      dimensions: TEST_DIMENSIONS,
      encoding: 'int8-base64' as const,
    }),
    embedQuery: async (text) => {
      if (server.refusing) throw new Error('fetch failed');
      return {
        generation: server.status.generation,
        vector: encodeVector(testVector(text, TEST_DIMENSIONS)),
      };
    },
    onChanged: () => void keeper?.check(),
  });
  await vectors.sync();
  const answers: FromWorker[] = [];
  keeper = createQualityKeeper(engine, vectors, (m) => answers.push(m), options);
  /** The server moves to `over` (another model, other settings): the worker reads it again. */
  const serverChanges = async (over: Partial<EmbedStatus>, notes = server.notes) => {
    server.status = testEmbedStatus({ ...server.status, ...over });
    server.notes = notes;
    await vectors.sync();
  };
  return { engine, answers, keeper, serverChanges, server };
}

/** The figures posted, in order, as [model, words ranks, meaning ranks]. */
const figures = (answers: FromWorker[]) =>
  answers.flatMap((a) =>
    a.type === 'quality'
      ? [[a.model, a.words.questions.map((q) => q.rank), a.meaning?.questions.map((q) => q.rank)]]
      : [],
  );

describe('web/search/worker/worker-quality', () => {
  it('scores words + meaning on the fused ranking, apart from words alone, as by hand', async () => {
    const { engine, answers, keeper } = await worker(true);
    // Words alone: «automóvil» finds only the advert, «faro» finds the lighthouse first.
    expect(engine.rank('automóvil', false).map((r) => r.path)).toEqual(['anuncio.md']);
    await keeper.ask(ask(7, BOTH));
    const [got] = answers;
    if (got?.type !== 'quality') throw new Error('no quality answer');
    expect(got.id).toBe(7);
    // By hand, words alone: garaje.md missed (rank 0), faro.md first: top-5 1/2, MRR (0 + 1) / 2.
    expect(got.words).toMatchObject({ top5: 0.5, mrr10: 0.5 });
    expect(got.words.questions.map((q) => [q.rank, q.first])).toEqual([
      [0, 'anuncio.md'],
      [1, 'faro.md'],
    ]);
    // With vectors, reciprocal-rank fusion: the advert is first in both lists, the garage only
    // in the vector one, so it comes second; faro.md stays first. Top-5 2/2, MRR (1/2 + 1) / 2.
    expect(got.meaning).toMatchObject({ top5: 1, mrr10: 0.75 });
    expect(got.meaning?.questions.map((q) => [q.rank, q.first])).toEqual([
      [2, 'anuncio.md'],
      [1, 'faro.md'],
    ]);
    // Labelled with the model that made the vectors, and kept as that model's.
    expect(got).toMatchObject({ model: 'test-concepts-64', provisional: false });
    expect(got.byModel).toMatchObject([{ model: 'test-concepts-64', top5: 1, mrr10: 0.75 }]);
  });

  it('gives no words + meaning figures while the worker holds no vectors', async () => {
    const { answers, keeper } = await worker(false);
    await keeper.ask(ask(1, [pair('automóvil', 'garaje.md')]));
    expect(answers).toMatchObject([{ type: 'quality', id: 1, meaning: null, model: null }]);
  });

  it('marks the figures stale and scores them again when the harness’s synonyms change', async () => {
    const { engine, answers, keeper } = await worker(false);
    await keeper.ask(ask(3, BOTH));
    engine.setSynonyms([['automóvil', 'coche']]);
    await keeper.check();
    expect(answers.map((a) => a.type)).toEqual(['quality', 'quality-stale', 'quality']);
    // The synonym brings the garage in, under the advert that has the very word.
    expect(figures(answers)).toEqual([
      [null, [0, 1], undefined],
      [null, [2, 1], undefined],
    ]);
  });

  it('scores again when the harness’s fusion settings change, and not when nothing did', async () => {
    const { answers, keeper, serverChanges } = await worker(true);
    await keeper.ask(ask(4, BOTH));
    await keeper.check();
    await serverChanges({});
    await keeper.check();
    expect(answers.map((a) => a.type)).toEqual(['quality']);
    await serverChanges({ hybrid: { rrfK: 60, vectorWeight: 0.7, minSimilarity: 0.99 } });
    await keeper.check();
    expect(answers.map((a) => a.type)).toEqual(['quality', 'quality-stale', 'quality']);
    // A cosine floor of 0.99 lets no vector hit through: the garage is lost again.
    expect(figures(answers)[1]).toEqual(['test-concepts-64', [0, 1], [0, 1]]);
  });

  it('scores again on another model’s vectors, labelled with it, beside the earlier model’s figures', async () => {
    const { answers, keeper, serverChanges } = await worker(true);
    await keeper.ask(ask(5, BOTH));
    // The new model has embedded all but the garage: its vectors cannot bring it in.
    const others = NOTES.filter((n) => n.path !== 'garaje.md');
    await serverChanges({ model: 'test-other', generation: 'g2' }, others);
    await keeper.check(); // the layer's change started it: this waits for it
    expect(answers.map((a) => a.type)).toEqual(['quality', 'quality-stale', 'quality']);
    const last = answers.at(-1);
    if (last?.type !== 'quality') throw new Error('no second answer');
    expect(last).toMatchObject({ model: 'test-other', meaning: { top5: 0.5, mrr10: 0.5 } });
    expect(last.byModel).toMatchObject([
      { model: 'test-other', top5: 0.5 },
      { model: 'test-concepts-64', top5: 1 },
    ]);
  });

  it('calls figures provisional while the server embeds, keeps them only once it has finished', async () => {
    const { answers, keeper, serverChanges } = await worker(true);
    await serverChanges({ state: 'embedding' });
    await keeper.ask(ask(6, BOTH));
    expect(answers.at(-1)).toMatchObject({ provisional: true, byModel: [] });
    await serverChanges({ state: 'idle' });
    await keeper.check();
    expect(answers.at(-1)).toMatchObject({
      provisional: false,
      byModel: [{ model: 'test-concepts-64' }],
    });
  });

  it('scores again by itself when a question’s vector could not be had, then every change again', async () => {
    const { answers, keeper, serverChanges, server } = await worker(true, { retryMs: 5 });
    await keeper.ask(ask(9, BOTH));
    // The server restarts on another model, and refuses query vectors for a while.
    server.refusing = true;
    await serverChanges({ model: 'test-other', generation: 'g2' });
    await keeper.check();
    // Tried again, and again: nothing is posted while it fails, and nothing old is.
    await vi.waitFor(() =>
      expect(answers.filter((a) => a.type === 'quality-stale').length).toBeGreaterThan(2),
    );
    expect(answers.filter((a) => a.type === 'quality')).toHaveLength(1);
    server.refusing = false;
    await vi.waitFor(() =>
      expect(answers.at(-1)).toMatchObject({ type: 'quality', model: 'test-other' }),
    );
    // Scored: a later change is still seen.
    const seen = answers.length;
    await serverChanges({ hybrid: { rrfK: 60, vectorWeight: 0.7, minSimilarity: 0.99 } });
    await keeper.check();
    expect(answers.slice(seen).map((a) => a.type)).toEqual(['quality-stale', 'quality']);
  });

  it('leaves the figures alone once the panel that asked for them stopped', async () => {
    const { engine, answers, keeper } = await worker(false);
    await keeper.ask(ask(8, BOTH));
    keeper.stop(7); // another panel's: this one still watches
    keeper.stop(8);
    engine.setSynonyms([['automóvil', 'coche']]);
    await keeper.check();
    expect(answers.map((a) => a.type)).toEqual(['quality']);
  });
});
