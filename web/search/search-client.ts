import type { FromWorker, ToWorker } from './search-protocol.ts';
import type { SearchFilters, SearchHit } from './search-types.ts';

/** What the page hears from the search worker besides query answers. */
export interface WorkerListener {
  onProgress(done: number, total: number): void;
  onReady(): void;
  /** The index changed (a sync ended, or vault events were applied). */
  onChanged(): void;
  onError(error: { code: string; message: string; status: number }): void;
}

/** One search's answer and how long the worker took (search and snippets), in ms. */
export interface SearchAnswer {
  hits: SearchHit[];
  ms: number;
}

/** Marks around the first sync and index build (from the worker's start to its `synced`). */
export const INDEX_START_MARK = 'soma:index-start';
export const INDEX_END_MARK = 'soma:index-end';

let worker: Worker | null = null;
let listener: WorkerListener | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(a: SearchAnswer): void; reject(e: Error): void }>();

function onMessage(event: MessageEvent<FromWorker>) {
  const m = event.data;
  if (m.type === 'result') {
    const pending = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) pending?.reject(new Error(m.error));
    else pending?.resolve({ hits: m.hits, ms: m.ms });
  } else if (m.type === 'progress') listener?.onProgress(m.done, m.total);
  else if (m.type === 'ready') listener?.onReady();
  else if (m.type === 'synced' || m.type === 'changed') {
    // User Timing marks, for the browser's performance panel and bench/search.ts.
    if (m.type === 'synced') performance.mark(INDEX_END_MARK);
    listener?.onChanged();
  } else listener?.onError(m);
}

/**
 * Starts the search worker (a separate chunk: minisearch and the stemmer never
 * load with the first page) and its sync of the vault copy. Safe to call again.
 */
export function startSearchWorker(listen?: WorkerListener): void {
  if (listen) listener = listen;
  if (worker) return;
  performance.mark(INDEX_START_MARK);
  worker = new Worker(new URL('./search-worker.ts', import.meta.url), {
    type: 'module',
    name: 'soma-search',
  });
  worker.onmessage = onMessage;
  worker.postMessage({ type: 'start' } satisfies ToWorker);
}

/** Ends the worker (signed out); pending searches fail. */
export function stopSearchWorker(): void {
  worker?.terminate();
  worker = null;
  for (const pending of waiting.values()) pending.reject(new Error('search stopped'));
  waiting.clear();
}

/** Searches the vault in the worker; `typing` lets the last word match as a prefix. */
export function searchInWorker(
  query: string,
  filters: SearchFilters = {},
  typing = false,
): Promise<SearchAnswer> {
  startSearchWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage({ type: 'query', id, query, filters, typing } satisfies ToWorker);
  });
}
