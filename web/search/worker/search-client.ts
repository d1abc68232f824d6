import type { SearchPair } from '../../../common/search-pair-schemas.ts';
import type { SearchFilters, SearchHit, SemanticState } from '../engine/search-types.ts';
import {
  type FromWorker,
  INDEX_END_MARK,
  INDEX_START_MARK,
  type ToWorker,
} from './search-protocol.ts';

/** What the page hears from the search worker besides query answers. */
export interface WorkerListener {
  onProgress(done: number, total: number): void;
  onReady(): void;
  /** A sync ended (`indexChanged`: it changed the index), or vault events or vectors were applied (true). */
  onChanged(indexChanged: boolean): void;
  onError(error: { code: string; message: string; status: number }): void;
}

/** One search's answer and how long the worker took (search and snippets), in ms. */
export interface SearchAnswer {
  hits: SearchHit[];
  ms: number;
  /** Ranked with the vectors too, or words only (and why). */
  semantic: SemanticState;
}

/** How a search waits for the vector ranking. */
export interface SearchOptions {
  filters?: SearchFilters;
  /** The last word may still be being typed: it matches as a prefix. */
  typing?: boolean;
  /**
   * Called with the answer re-ranked with the query's vector, when the first
   * answer was lexical with `semantic.mode` `pending`. Without it, the promise
   * waits for that final answer instead.
   */
  onRefined?: (answer: SearchAnswer) => void;
  /** Related notes: rank by this note's own vectors (no server call) and leave it out. */
  like?: string;
  /** A chat draft: embedded only by a local embedder (drafts never leave the machine). */
  localOnly?: boolean;
  /** Hits without snippets (empty, no marks): for a list that shows none, as the related notes. */
  bare?: boolean;
}

let worker: Worker | null = null;
let listener: WorkerListener | null = null;
/** What the worker told before anyone listened (it reads the saved index before sign-in). */
let heardReady = false;
let unheardErrors: Parameters<WorkerListener['onError']>[0][] = [];
let nextId = 1;
interface Waiting {
  resolve(a: SearchAnswer): void;
  reject(e: Error): void;
  onRefined?: (a: SearchAnswer) => void;
  /** The first answer went out (to `resolve`); a later one goes to `onRefined`. */
  answered: boolean;
}
const waiting = new Map<number, Waiting>();

function onMessage(event: MessageEvent<FromWorker>) {
  const m = event.data;
  if (m.type === 'result') {
    const pending = waiting.get(m.id);
    if (!pending) return;
    const more = m.semantic.mode === 'pending';
    if (!more) waiting.delete(m.id);
    const answer = { hits: m.hits, ms: m.ms, semantic: m.semantic };
    if (m.error) pending.reject(new Error(m.error));
    else if (pending.answered) pending.onRefined?.(answer);
    else if (!more || pending.onRefined) {
      pending.answered = true;
      pending.resolve(answer);
    }
  } else if (m.type === 'quality') {
    const { type: _, id: __, ...answer } = m;
    qualityWatches.get(m.id)?.onAnswer(answer);
  } else if (m.type === 'quality-stale') qualityWatches.get(m.id)?.onStale();
  else if (m.type === 'progress') listener?.onProgress(m.done, m.total);
  else if (m.type === 'ready') {
    heardReady = true;
    listener?.onReady();
  } else if (m.type === 'synced' || m.type === 'changed') {
    // User Timing marks, for the browser's performance panel and bench/search.ts.
    if (m.type === 'synced') performance.mark(INDEX_END_MARK);
    listener?.onChanged(m.type === 'changed' || m.changed);
  } else if (listener) listener.onError(m);
  else unheardErrors.push(m);
}

/** The worker, created (a separate chunk: minisearch and the stemmer never load with the first page). */
function theWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./search-worker.ts', import.meta.url), {
    type: 'module',
    name: 'soma-search',
  });
  worker.onmessage = onMessage;
  return worker;
}
/** The worker was told to sync (`start`). */
let started = false;

/**
 * Starts the search worker reading the saved index, before the first render
 * and the session check: on a reload its compiling, the IndexedDB read and the
 * revival overlap them, and a search asked for meanwhile waits for it. No sync
 * until `startSearchWorker`.
 */
export function preloadSearchWorker(asking: boolean): void {
  theWorker().postMessage({ type: 'load', asking } satisfies ToWorker);
}

/**
 * Tells the worker the session is there (the boot's check said so), before the
 * app's first render: a first visit's export starts streaming while the page
 * loads, which the sync then reads (the sync itself still waits for `start`).
 */
export function searchWorkerSignedIn(): void {
  theWorker().postMessage({ type: 'signed-in' } satisfies ToWorker);
}

/** Starts the search worker's sync of the vault copy (and the worker, if not yet). Safe to call again. */
export function startSearchWorker(listen?: WorkerListener): void {
  if (listen) {
    listener = listen;
    if (heardReady) listen.onReady();
    for (const error of unheardErrors) listen.onError(error);
    unheardErrors = [];
  }
  if (started) return;
  started = true;
  performance.mark(INDEX_START_MARK);
  theWorker().postMessage({ type: 'start' } satisfies ToWorker);
}

/** Ends the worker (signed out); pending searches fail. */
export function stopSearchWorker(): void {
  worker?.terminate();
  worker = null;
  started = false;
  heardReady = false;
  unheardErrors = [];
  for (const pending of waiting.values()) pending.reject(new Error('search stopped'));
  waiting.clear();
  qualityWatches.clear();
}

/**
 * «¿Era esta?» figures: words alone, words + meaning (null without vectors) with the
 * model that made the vectors, and every model's kept figures.
 */
export type QualityAnswer = Omit<Extract<FromWorker, { type: 'quality' }>, 'type' | 'id'>;

/** What the page hears about the figures it watches. */
export interface QualityListener {
  onAnswer(answer: QualityAnswer): void;
  /** The model or the harness changed: new figures are being computed. */
  onStale(): void;
}
const qualityWatches = new Map<number, QualityListener>();

/**
 * Scores the user's «¿Era esta?» pairs in the worker (the page never ranks), and
 * again whenever the embedding model or the harness changes, until the returned
 * function is called.
 */
export function watchQuality(pairs: SearchPair[], listen: QualityListener): () => void {
  startSearchWorker();
  const id = nextId++;
  qualityWatches.set(id, listen);
  theWorker().postMessage({ type: 'quality', id, pairs } satisfies ToWorker);
  return () => {
    if (!qualityWatches.delete(id)) return;
    worker?.postMessage({ type: 'quality-stop', id } satisfies ToWorker);
  };
}

/**
 * Searches the vault in the worker. Lexical hits come at once; when vectors
 * are in use and the query's vector is not yet known, `onRefined` gets the
 * fused ranking later (or, without `onRefined`, the promise waits for it).
 */
export function searchInWorker(query: string, options: SearchOptions = {}): Promise<SearchAnswer> {
  startSearchWorker();
  const id = nextId++;
  const { filters = {}, typing = false, onRefined, like, localOnly, bare } = options;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, answered: false, ...(onRefined ? { onRefined } : {}) });
    const message: ToWorker = {
      type: 'query',
      id,
      query,
      filters,
      typing,
      sentAt: performance.timeOrigin + performance.now(),
      ...(like ? { like } : {}),
      ...(localOnly ? { localOnly } : {}),
      ...(bare ? { bare } : {}),
    };
    theWorker().postMessage(message);
  });
}
