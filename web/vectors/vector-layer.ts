import {
  DEFAULT_HYBRID,
  type EmbedQueryResponse,
  type EmbedStatus,
  type HybridSettings,
  type VectorsDelta,
} from '../../common/embedding-schemas.ts';
import { forEachVectorNote, loadVectorSync } from '../db/vectors-repo.ts';
import { ApiError } from '../lib/api-error.ts';
import { coalescedRun } from '../lib/coalesced-run.ts';
import { createQueryVectors } from './query-vectors.ts';
import { type IndexedChunk, VectorIndex } from './vector-index.ts';
import { syncVectors, type VectorChange } from './vector-sync.ts';

/**
 * Why a search is lexical only (worded by the UI as `search.lexical.<reason>`): `paused`
 * is the user's switch, `failing` the embedder's state, `failed` this query's call.
 */
export type LexicalReason =
  | 'unreachable'
  | 'failed'
  | 'failing'
  | 'consent'
  | 'paused'
  | 'not_ready';

/** How often the status is read again while the server is still embedding (never faster). */
export const VECTOR_POLL_MS = 5_000;

/**
 * While the server embeds, how often at most are listeners told of the vectors that came
 * (results on screen searched again, the related notes ranked again)? Every poll brought
 * some, and each told had the page ask its searches again: work a question typed meanwhile
 * waited behind, for a ranking that moves little. New queries use new vectors at once.
 */
export const VECTORS_TOLD_EVERY_MS = 30_000;

/** How a query can use the vectors: not at all (and why; null when the layer is simply off), now, or once the server embeds it. */
export type QueryPlan =
  | { kind: 'lexical'; reason: LexicalReason | null }
  | { kind: 'vector'; vector: Int8Array }
  | { kind: 'later'; vector: Promise<Int8Array> };

export interface VectorLayerDeps {
  getStatus(): Promise<EmbedStatus>;
  getVectors(since: number, generation: string, limit: number): Promise<VectorsDelta>;
  embedQuery(text: string): Promise<EmbedQueryResponse>;
  /**
   * Vectors were added or dropped, or the reason a search stays lexical changed: results
   * on screen may rank or read differently now.
   */
  onChanged?: () => void;
  pollMs?: number;
}

/** The reason a failed query call leaves the search lexical. */
export function reasonOf(error: unknown): LexicalReason {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'network') return 'unreachable';
  if (error.code === 'consent_required') return 'consent';
  if (error.code === 'embeddings_off' || error.code === 'embeddings_paused') return 'paused';
  if (error.code === 'not_ready') return 'not_ready';
  return 'failed';
}

function chunksOf(r: { data: Int8Array; starts: Uint32Array; ends: Uint32Array }, d: number) {
  const chunks: IndexedChunk[] = [];
  for (let i = 0; i < r.starts.length; i++) {
    chunks.push({
      start: r.starts[i]!,
      end: r.ends[i]!,
      data: r.data.subarray(i * d, (i + 1) * d),
    });
  }
  return chunks;
}

/**
 * The search worker's side of the embeddings layer: the vectors copied into
 * IndexedDB and packed in memory, the server's status, the re-syncs (when
 * told, and every few seconds while the server is embedding), and query
 * vectors cached by text. Any failure here only makes search lexical.
 */
export function createVectorLayer(deps: VectorLayerDeps) {
  let index: VectorIndex | null = null;
  let generation = '';
  /** The model that made the vectors held, null until known. */
  let model: string | null = null;
  let hybrid: HybridSettings = DEFAULT_HYBRID;
  let status: EmbedStatus | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let loading: Promise<void> = Promise.resolve();
  /** Vectors came since the packed arrays were last cut to size. */
  let unfitted = false;
  /** Vectors came that listeners were not told of yet; when they were last told. */
  let untold = false;
  let lastTold = Number.NEGATIVE_INFINITY;
  /** A page of another model's vectors (or the first ones) was applied since listeners were told. */
  let reset = false;
  const queries = createQueryVectors({
    embedQuery: deps.embedQuery,
    generation: () => generation,
    onStale: () => void sync(), // the server moved to another model: these vectors are stale
  });

  const apply = (change: VectorChange) => {
    if (change.reset || index?.dimensions !== change.dimensions) {
      index = new VectorIndex(change.dimensions);
      queries.clear();
      reset = true;
    }
    if (change.generation !== generation) reset = true;
    model = change.model;
    // Before anyone hears of the change: a query vector asked for then is of this generation.
    generation = change.generation;
    for (const path of change.removed) index.remove(path);
    for (const r of change.upserted) index.set(r.path, chunksOf(r, change.dimensions));
  };

  const syncOnce = async () => {
    await loading.catch(() => undefined); // a sync applies its pages over what was loaded
    const reasonBefore = blocked()?.reason;
    try {
      status = await deps.getStatus();
    } catch {
      return; // Offline: the held vectors stay; the query call will say so.
    }
    if (status.hybrid) hybrid = status.hybrid;
    let received = 0;
    try {
      received = await syncVectors(status, { getVectors: deps.getVectors, onChange: apply });
    } catch {
      // A failed page is asked again on the next sync; what was stored stays.
    }
    if (received > 0) unfitted = true;
    // While the server embeds, more vectors come every few seconds: the packed arrays keep
    // their spare room until it settles. Fitting after each poll copied every vector twice a
    // poll (grown for the new ones, then cut back), a query waiting behind each copy.
    if (unfitted && status.state !== 'embedding') {
      index?.fit();
      unfitted = false;
    }
    // New vectors rank differently; and a search answered before this read (the first one
    // after a reload, on a busy machine) told no reason or an old one for being lexical.
    // While the server embeds, new vectors are told at most every VECTORS_TOLD_EVERY_MS;
    // another model's, a changed reason and the last ones (embedding over) at once.
    if (received > 0) untold = true;
    const now = performance.now();
    const due = reset || status.state !== 'embedding' || now - lastTold >= VECTORS_TOLD_EVERY_MS;
    if ((untold && due) || blocked()?.reason !== reasonBefore) {
      untold = false;
      reset = false;
      lastTold = now;
      deps.onChanged?.();
    }
    generation = (await loadVectorSync().catch(() => null))?.generation ?? generation;
    clearTimeout(pollTimer);
    if (status.state === 'embedding') pollTimer = setTimeout(sync, deps.pollMs ?? VECTOR_POLL_MS);
  };

  /** Re-reads the status and copies new vectors; a call during a sync runs once more after it. */
  const sync = coalescedRun(syncOnce);

  /** Null when vectors can be used; else why not (null reason: the layer is not configured). */
  const blocked = (): { reason: LexicalReason | null } | null => {
    if (status && !status.configured) return { reason: null };
    if (status?.consent === 'needed' || status?.state === 'waiting_consent')
      return { reason: 'consent' };
    // Failing is not paused: the user switched nothing off, the embedder is down or wrong.
    if (status?.state === 'failing') return { reason: 'failing' };
    if (status && status.state !== 'idle' && status.state !== 'embedding')
      return { reason: 'paused' };
    if (!index || index.chunks === 0) return { reason: status ? 'not_ready' : null };
    return null;
  };

  return {
    /** Loads the vectors IndexedDB holds (before any sync: search is hybrid at once after a reload). */
    load(): Promise<void> {
      loading = (async () => {
        const kept = await loadVectorSync();
        if (!kept) return;
        generation = kept.generation;
        model = kept.model ?? null;
        // Settings kept before a field existed get the harness's default for it.
        hybrid = { ...DEFAULT_HYBRID, ...kept.hybrid };
        const loaded = new VectorIndex(kept.dimensions);
        await forEachVectorNote((r) => loaded.set(r.path, chunksOf(r, kept.dimensions)));
        loaded.fit();
        index = loaded;
      })();
      return loading;
    },
    sync,
    /** Settles once the vectors IndexedDB held are in memory (a query planned earlier would miss them). */
    loaded: (): Promise<void> => loading.catch(() => undefined),
    /**
     * Syncs once the server has had time to embed what just changed in the vault
     * (after live vault events); while it embeds, the status keeps the polling on.
     */
    syncSoon() {
      clearTimeout(pollTimer);
      pollTimer = setTimeout(sync, deps.pollMs ?? VECTOR_POLL_MS);
    },
    get hybrid() {
      return hybrid;
    },
    get index() {
      return index;
    },
    /** The embedding model of the vectors held (else the one the server names), null when none. */
    get model(): string | null {
      return model ?? status?.model ?? null;
    },
    /** The server has embedded every note it knows of (it is not embedding now). */
    get settled(): boolean {
      return status?.state !== 'embedding';
    },
    /** How `text` can be searched by vector; `localOnly`: never through a remote embedder. */
    plan(text: string, localOnly = false): QueryPlan {
      const no = blocked();
      if (no) return { kind: 'lexical', reason: no.reason };
      if (localOnly && status?.local !== true) return { kind: 'lexical', reason: null };
      const entry = queries.get(text.trim());
      return entry.vector
        ? { kind: 'vector', vector: entry.vector }
        : { kind: 'later', vector: entry.asked };
    },
    /** A note's own vectors as the query (related notes): never a server call. */
    planNote(path: string): QueryPlan {
      const no = blocked();
      if (no) return { kind: 'lexical', reason: no.reason };
      const vector = index?.noteVector(path);
      return vector ? { kind: 'vector', vector } : { kind: 'lexical', reason: 'not_ready' };
    },
    stop() {
      clearTimeout(pollTimer);
    },
  };
}

export type VectorLayer = ReturnType<typeof createVectorLayer>;
