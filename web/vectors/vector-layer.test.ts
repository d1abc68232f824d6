import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type EmbedStatus,
  embeddingsOffStatus,
  type NoteVectors,
  type VectorsDelta,
} from '../../common/embedding-schemas.ts';
import { encodeVector } from '../../common/vector-codec.ts';
import { testVector } from '../../server/embeddings/test-embedder.ts';
import { embedNote } from '../../testing/web/embed-note.ts';
import { TEST_DIMENSIONS, testEmbedStatus } from '../../testing/web/embed-status.ts';
import { deleteDatabase } from '../db/database.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import { forEachVectorNote, loadVectorSync } from '../db/vectors-repo.ts';
import { ApiError } from '../lib/api-error.ts';
import { hybridHits } from '../search/hybrid-search.ts';
import { VectorIndex } from './vector-index.ts';
import { createVectorLayer, reasonOf } from './vector-layer.ts';

afterEach(() => deleteDatabase());

const D = TEST_DIMENSIONS;
const status = testEmbedStatus;

/** A fake server: pages of deltas in order, then an empty one; records what was asked. */
/** One page of a vectors delta: `notes` changed, up to `cursor`. */
function page(
  generation: string,
  cursor: number,
  notes: NoteVectors[],
  opts: { removed?: string[]; reset?: boolean; more?: boolean } = {},
): Omit<VectorsDelta, 'model' | 'dimensions' | 'encoding'> {
  return {
    generation,
    reset: opts.reset ?? false,
    notes,
    removed: opts.removed ?? [],
    cursor,
    more: opts.more ?? false,
  };
}

function fakeServer(pages: Omit<VectorsDelta, 'model' | 'dimensions' | 'encoding'>[]) {
  const asked: { since: number; generation: string }[] = [];
  let next = 0;
  return {
    asked,
    getVectors: async (since: number, generation: string) => {
      asked.push({ since, generation });
      const page = pages[next++] ?? {
        ...pages.at(-1)!,
        notes: [],
        removed: [],
        reset: false,
        more: false,
      };
      return {
        ...page,
        model: 'test-concepts-64',
        dimensions: D,
        encoding: 'int8-base64' as const,
      };
    },
  };
}

const CAR = '# Garaje\n\nEl automóvil nuevo está aparcado junto a la furgoneta.';
const DOG = '# Paseo\n\nEl cachorro ladra por la mañana.';
const CAT = '# Sofá\n\nEl felino duerme al sol.';
const noVector = async (): Promise<never> => {
  throw new Error('no');
};

describe('the vector layer', () => {
  it('syncs pages until `more` is false, keeps the cursor, and resumes from it', async () => {
    const server = fakeServer([
      page('g1', 2, [embedNote('a.md', CAR), embedNote('b.md', DOG)], { reset: true, more: true }),
      page('g1', 4, [embedNote('c.md', CAT)], { removed: ['a.md'] }),
    ]);
    const layer = createVectorLayer({
      getStatus: async () => status(),
      embedQuery: async () => {
        throw new Error('no');
      },
      ...server,
    });
    await layer.sync();
    expect(server.asked).toEqual([
      { since: 0, generation: '' },
      { since: 2, generation: 'g1' },
    ]);
    expect(layer.index?.notes).toBe(2);
    expect(layer.index?.has('a.md')).toBe(false);
    expect(await loadVectorSync()).toMatchObject({ generation: 'g1', cursor: 4, dimensions: D });
    const stored: string[] = [];
    await forEachVectorNote((r) => {
      stored.push(r.path);
      expect(r.data).toBeInstanceOf(Int8Array);
      expect(r.data.length).toBe(r.scales.length * D);
    });
    expect(stored.sort()).toEqual(['b.md', 'c.md']);

    // A fresh worker loads what IndexedDB holds and asks only for what is newer.
    const again = fakeServer([page('g1', 4, [])]);
    const reloaded = createVectorLayer({
      getStatus: async () => status(),
      embedQuery: async () => {
        throw new Error('no');
      },
      ...again,
    });
    await reloaded.load();
    expect(reloaded.index?.notes).toBe(2);
    await reloaded.sync();
    expect(again.asked).toEqual([{ since: 4, generation: 'g1' }]);
  });

  it('reads the status again while the server embeds, and picks up its new vectors', async () => {
    const server = fakeServer([
      page('g1', 1, [embedNote('a.md', CAR)], { reset: true }),
      page('g1', 2, [embedNote('b.md', DOG)]),
    ]);
    const states: EmbedStatus['state'][] = ['embedding', 'idle'];
    let changed = 0;
    const layer = createVectorLayer({
      getStatus: async () => status({ state: states.shift() ?? 'idle' }),
      embedQuery: async () => {
        throw new Error('no');
      },
      onChanged: () => changed++,
      pollMs: 1,
      ...server,
    });
    await layer.sync();
    expect(layer.index?.notes).toBe(1);
    await vi.waitFor(() => expect(layer.index?.notes).toBe(2));
    expect(server.asked).toEqual([
      { since: 0, generation: '' },
      { since: 1, generation: 'g1' },
    ]);
    expect(changed).toBe(2);
    layer.stop();
  });

  it('while the server embeds, tells of new vectors at most every so often, and of the last ones at once', async () => {
    const server = fakeServer([
      page('g1', 1, [embedNote('a.md', CAR)], { reset: true }),
      page('g1', 2, [embedNote('b.md', DOG)]),
      page('g1', 3, [embedNote('c.md', CAT)]),
    ]);
    let state: EmbedStatus['state'] = 'embedding';
    let changed = 0;
    const layer = createVectorLayer({
      getStatus: async () => status({ state }),
      embedQuery: async () => {
        throw new Error('no');
      },
      onChanged: () => changed++,
      pollMs: 60_000, // polls are driven by hand below
      ...server,
    });
    await layer.sync();
    expect(changed).toBe(1); // the first vectors: told at once
    await layer.sync();
    // Used at once by new queries, but not told yet: the server is still embedding.
    expect(layer.index?.notes).toBe(2);
    expect(changed).toBe(1);
    state = 'idle';
    await layer.sync();
    expect(layer.index?.notes).toBe(3);
    expect(changed).toBe(2); // embedding over: told of everything held back
    layer.stop();
  });

  it('cuts its packed vectors to size once the server has finished embedding, not at every poll', async () => {
    const server = fakeServer([
      page('g1', 1, [embedNote('a.md', CAR)], { reset: true }),
      page('g1', 2, [embedNote('b.md', DOG)]),
      page('g1', 3, [embedNote('c.md', CAT)]),
    ]);
    const states: EmbedStatus['state'][] = ['embedding', 'embedding', 'idle'];
    const fit = vi.spyOn(VectorIndex.prototype, 'fit');
    try {
      const layer = createVectorLayer({
        getStatus: async () => status({ state: states.shift() ?? 'idle' }),
        embedQuery: noVector,
        pollMs: 1,
        ...server,
      });
      await layer.sync();
      // Fitted when the status says idle, with all three notes in.
      await vi.waitFor(() => expect(fit).toHaveBeenCalled());
      expect(layer.index?.notes).toBe(3);
      expect(states).toHaveLength(0);
      expect(fit).toHaveBeenCalledTimes(1);
      layer.stop();
    } finally {
      fit.mockRestore();
    }
  });

  it('drops every vector on a reset (another generation)', async () => {
    const first = fakeServer([
      page('g1', 2, [embedNote('a.md', CAR), embedNote('b.md', DOG)], { reset: true }),
    ]);
    const noQuery = async () => {
      throw new Error('no');
    };
    await createVectorLayer({
      getStatus: async () => status(),
      embedQuery: noQuery,
      ...first,
    }).sync();
    const second = fakeServer([page('g2', 1, [embedNote('c.md', CAT)], { reset: true })]);
    const layer = createVectorLayer({
      getStatus: async () => status({ generation: 'g2' }),
      embedQuery: noQuery,
      ...second,
    });
    await layer.load();
    await layer.sync();
    expect(second.asked).toEqual([{ since: 0, generation: 'g1' }]);
    expect(layer.index?.notes).toBe(1);
    const stored: string[] = [];
    await forEachVectorNote((r) => stored.push(r.path));
    expect(stored).toEqual(['c.md']);
  });

  it('is told of another generation’s vectors only once a query vector of it can be used', async () => {
    const first = fakeServer([page('g1', 1, [embedNote('a.md', CAR)], { reset: true })]);
    await createVectorLayer({
      getStatus: async () => status(),
      embedQuery: noVector,
      ...first,
    }).sync();
    // The server now embeds with another model: generation g2, its query vectors of g2.
    const second = fakeServer([page('g2', 1, [embedNote('c.md', CAT)], { reset: true })]);
    let asked: Promise<Int8Array> | null = null;
    const layer = createVectorLayer({
      getStatus: async () => status({ generation: 'g2' }),
      embedQuery: async (text) => ({ generation: 'g2', vector: encodeVector(testVector(text, D)) }),
      // Whoever hears of the change searches at once (the «¿Era esta?» figures do).
      onChanged: () => {
        const plan = layer.plan('gato');
        if (plan.kind === 'later') asked ??= plan.vector;
      },
      ...second,
    });
    await layer.load();
    await layer.sync();
    if (!asked) throw new Error('no query vector asked for');
    expect(await asked).toHaveLength(D);
  });

  it('finds a note that shares no word with the query through its vector, snippet from its chunk', async () => {
    const server = fakeServer([
      page('g1', 2, [embedNote('coche.md', CAR), embedNote('perro.md', DOG)], { reset: true }),
    ]);
    let calls = 0;
    const layer = createVectorLayer({
      getStatus: async () => status(),
      embedQuery: async (text) => {
        calls++;
        return { generation: 'g1', vector: encodeVector(testVector(text, D)) };
      },
      ...server,
    });
    await layer.sync();
    await updateCachedNotes(
      [
        { path: 'coche.md', hash: 'x', content: CAR },
        { path: 'perro.md', hash: 'y', content: DOG },
      ],
      [],
    );
    const plan = layer.plan('mi coche');
    expect(plan.kind).toBe('later');
    const vector = plan.kind === 'later' ? await plan.vector : null;
    const hits = await hybridHits([], layer.index!, vector!, layer.hybrid, {});
    expect(hits.map((h) => h.path)).toEqual(['coche.md']);
    expect(hits[0]!.snippet).toContain('automóvil nuevo');
    expect(hits[0]!.marks).toEqual([]);
    // Bare (the related notes): the same hits, no snippet cut.
    const bare = await hybridHits([], layer.index!, vector!, layer.hybrid, {}, undefined, true);
    expect(bare).toEqual(hits.map((h) => ({ ...h, snippet: '' })));
    // The same text again: the cached vector, no second call.
    expect(layer.plan('mi coche ').kind).toBe('vector');
    expect(calls).toBe(1);
    // A chat draft never goes to a remote embedder; a local one may embed it.
    expect(layer.plan('otro coche', true).kind).toBe('later');
    // A folder filter the note is outside of leaves it out.
    expect(
      await hybridHits([], layer.index!, vector!, layer.hybrid, { folder: '03_Proyectos' }),
    ).toEqual([]);
  });

  it('counts a vector only from the harness’s cosine floor, kept across a reload', async () => {
    const floor = async (minSimilarity: number) => {
      const server = fakeServer([page('g1', 1, [embedNote('coche.md', CAR)], { reset: true })]);
      const layer = createVectorLayer({
        getStatus: async () => status({ hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity } }),
        embedQuery: async (text) => ({
          generation: 'g1',
          vector: encodeVector(testVector(text, D)),
        }),
        ...server,
      });
      await layer.sync();
      const plan = layer.plan('mi coche');
      const vector = plan.kind === 'later' ? await plan.vector : null;
      const hits = await hybridHits([], layer.index!, vector!, layer.hybrid, {});
      return hits.map((h) => h.path);
    };
    await updateCachedNotes([{ path: 'coche.md', hash: 'x', content: CAR }], []);
    expect(await floor(0.1)).toEqual(['coche.md']);
    // No cosine reaches 1 between a query and a whole chunk: nothing counts.
    expect(await floor(0.999)).toEqual([]);
    const reloaded = createVectorLayer({
      getStatus: async () => status(),
      getVectors: async () => {
        throw new Error('offline');
      },
      embedQuery: async () => {
        throw new Error('offline');
      },
    });
    await reloaded.load();
    expect(reloaded.hybrid.minSimilarity).toBe(0.999);
  });

  it('names the model of the vectors it holds, kept across a reload, and whether the server still embeds', async () => {
    const server = fakeServer([page('g1', 1, [embedNote('coche.md', CAR)], { reset: true })]);
    const offline = async () => {
      throw new Error('offline');
    };
    const layer = createVectorLayer({
      getStatus: async () => status({ state: 'embedding' }),
      embedQuery: offline,
      ...server,
    });
    expect(layer.model).toBeNull();
    await layer.sync();
    layer.stop(); // no poll left behind
    expect([layer.model, layer.settled]).toEqual(['test-concepts-64', false]);
    // A reload, the server out of reach: the kept record names the model.
    const reloaded = createVectorLayer({
      getStatus: offline,
      getVectors: offline,
      embedQuery: offline,
    });
    await reloaded.load();
    expect(reloaded.model).toBe('test-concepts-64');
  });

  it('stays lexical, saying why, when the layer cannot help', async () => {
    const server = fakeServer([page('g1', 1, [embedNote('a.md', CAR)], { reset: true })]);
    const make = (s: EmbedStatus) =>
      createVectorLayer({
        getStatus: async () => s,
        embedQuery: async () => {
          throw new Error('no');
        },
        ...server,
      });
    const off = make(embeddingsOffStatus());
    await off.sync();
    expect(off.plan('coche')).toEqual({ kind: 'lexical', reason: null });
    expect(server.asked).toEqual([]); // off: nothing is fetched
    const remote = make(status({ local: false, consent: 'given' }));
    await remote.sync();
    expect(remote.plan('coche', true)).toEqual({ kind: 'lexical', reason: null });
    const consent = make(status({ consent: 'needed', state: 'waiting_consent' }));
    await consent.sync();
    expect(consent.plan('coche')).toEqual({ kind: 'lexical', reason: 'consent' });
    const failing = make(status({ state: 'failing' }));
    await failing.sync();
    expect(failing.plan('coche')).toEqual({ kind: 'lexical', reason: 'failing' });
    const paused = make(status({ enabled: false, state: 'paused' }));
    await paused.sync();
    expect(paused.plan('coche')).toEqual({ kind: 'lexical', reason: 'paused' });
    const empty = make(status({ state: 'embedding' }));
    expect(empty.plan('coche')).toEqual({ kind: 'lexical', reason: null });
    expect(reasonOf(new ApiError('network', 'down', 0))).toBe('unreachable');
    expect(reasonOf(new ApiError('consent_required', 'no', 403))).toBe('consent');
    expect(reasonOf(new ApiError('embed_failed', 'no', 502))).toBe('failed');
  });

  it('tells the page when a status read changes why search is lexical, and only then', async () => {
    // A reload's first search, answered before the worker read the status, told no reason.
    let current = status({ enabled: false, state: 'paused' });
    const onChanged = vi.fn();
    const layer = createVectorLayer({
      getStatus: async () => current,
      embedQuery: async () => {
        throw new Error('no');
      },
      onChanged,
      ...fakeServer([page('g1', 0, [])]),
    });
    expect(layer.plan('coche')).toEqual({ kind: 'lexical', reason: null });
    await layer.sync();
    expect(layer.plan('coche')).toEqual({ kind: 'lexical', reason: 'paused' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    await layer.sync();
    expect(onChanged).toHaveBeenCalledTimes(1);
    current = status({ consent: 'needed', state: 'waiting_consent' });
    await layer.sync();
    expect(layer.plan('coche')).toEqual({ kind: 'lexical', reason: 'consent' });
    expect(onChanged).toHaveBeenCalledTimes(2);
  });
});
