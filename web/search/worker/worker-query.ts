import { reasonOf, type VectorLayer } from '../../vectors/vector-layer.ts';
import type { SearchEngine } from '../engine/search-engine.ts';
import type { SearchHit } from '../engine/search-types.ts';
import { hybridHits } from '../hybrid-search.ts';
import type { FromWorker, ToWorker } from './search-protocol.ts';

type Query = Extract<ToWorker, { type: 'query' }>;

/**
 * Answers one query in the worker: the lexical hits at once, then, when the
 * query's vector must come from the server, a second answer re-ranked by
 * reciprocal rank fusion; the lexical list never waits for the network.
 * `ms` is the worker's own time (never the wait for the server) plus `queued`,
 * the time the question waited behind the worker's other work before it was read.
 */
export function createQueryAnswerer(
  engine: SearchEngine,
  vectors: VectorLayer,
  post: (message: FromWorker) => void,
) {
  return async (message: Query, queued = 0) => {
    const { id, query, filters, typing, like, localOnly, bare } = message;
    const t0 = performance.now() - queued;
    let lexical: SearchHit[];
    try {
      lexical = await engine.search(query, filters, typing, bare === true);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const ms = performance.now() - t0;
      post({
        type: 'result',
        id,
        hits: [],
        ms,
        error: text,
        semantic: { mode: 'lexical', reason: null },
      });
      return;
    }
    await vectors.loaded();
    const lexicalMs = performance.now() - t0;
    const plan = like ? vectors.planNote(like) : vectors.plan(query, localOnly === true);
    const index = vectors.index;
    if (plan.kind === 'lexical' || !index) {
      const reason = plan.kind === 'lexical' ? plan.reason : 'not_ready';
      post({
        type: 'result',
        id,
        hits: lexical,
        ms: lexicalMs,
        semantic: { mode: 'lexical', reason },
      });
      return;
    }
    const fuse = async (vector: Int8Array, since: number, base: number) => {
      const hits = await hybridHits(
        lexical,
        index,
        vector,
        vectors.hybrid,
        filters,
        like,
        bare === true,
      );
      const ms = base + performance.now() - since;
      post({ type: 'result', id, hits, ms, semantic: { mode: 'hybrid' } });
    };
    if (plan.kind === 'vector') return fuse(plan.vector, t0, 0);
    post({ type: 'result', id, hits: lexical, ms: lexicalMs, semantic: { mode: 'pending' } });
    let vector: Int8Array;
    try {
      vector = await plan.vector;
    } catch (error) {
      const semantic = { mode: 'lexical', reason: reasonOf(error) } as const;
      post({ type: 'result', id, hits: lexical, ms: lexicalMs, semantic });
      return;
    }
    return fuse(vector, performance.now(), lexicalMs);
  };
}
