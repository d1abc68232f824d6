/// <reference lib="webworker" />

// First: it starts reading the saved index while the rest of the worker evaluates.
import './early-index-read.ts';

import type { VaultEvent } from '../../../common/api-schemas.ts';
import { copiedHashes, readUnwrittenFrom } from '../../db/vault-copy-repo.ts';
import { getManifest, getNotesBatch, getStatus, openEvents } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { embedQuery, getEmbedStatus, getVectors } from '../../lib/embeddings-api.ts';
import { EVENTS_RETRY_MS, SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS } from '../../lib/timing.ts';
import { HeldCopy } from '../../vault-sync/held-copy.ts';
import { askForExport, dropExport, exportNotes } from '../../vault-sync/read-export.ts';
import { syncVault } from '../../vault-sync/sync-vault.ts';
import { applyVaultEvents, EVENT_BATCH_MS } from '../../vault-sync/vault-events.ts';
import { createVectorLayer } from '../../vectors/vector-layer.ts';
import { analysisWorkerCount, createAnalysisPool } from '../engine/analysis-pool.ts';
import { createSearchEngine } from '../engine/search-engine.ts';
import { takeEarlyIndexRead } from './early-index-read.ts';
import { retryingSync } from './retrying-sync.ts';
import type { FromWorker, ToWorker } from './search-protocol.ts';
import { createQualityAnswerer } from './worker-quality.ts';
import { createQueryAnswerer } from './worker-query.ts';

/**
 * The search worker: keeps the vault copy in IndexedDB in sync (manifest
 * diff, then live `vault` events), keeps the index in step, and answers
 * queries, so neither indexing nor searching ever blocks the page.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const born = performance.now();
const post = (message: FromWorker) => {
  scope.postMessage(message);
  // A query's first answer (lexical) is what the save must not hold up; a refined one may follow.
  if (message.type === 'result') queryDone(message.id);
};
/** Analysis workers (ended with this one): the per-note half of indexing a first sync, in parallel. */
const analysers = analysisWorkerCount(navigator.hardwareConcurrency ?? 1);
const analysis =
  analysers > 0
    ? createAnalysisPool(
        analysers,
        () =>
          new Worker(new URL('./analysis-worker.ts', import.meta.url), {
            type: 'module',
            name: 'soma-analysis',
          }),
      )
    : undefined;
/** The sync's notes taken for the copy and not written yet (a first sync holds them). */
let held = new HeldCopy();
const engine = createSearchEngine({
  ...(analysis ? { analysis } : {}),
  copyWritten: () => held.written(),
});
const api = { getManifest, getNotesBatch };
/** The embeddings layer: vectors copied like notes, fused with the lexical ranking. */
const vectors = createVectorLayer({
  getStatus: getEmbedStatus,
  getVectors,
  embedQuery,
  onChanged: () => post({ type: 'changed' }),
});
const answer = createQueryAnswerer(engine, vectors, post);
const scoreQuality = createQualityAnswerer(engine, vectors, post);

let isReady = false;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const becomeReady = (source: 'saved' | 'built') => {
  if (isReady) return;
  isReady = true;
  markReady();
  post({ type: 'ready', source, notes: engine.size, ms: performance.now() - born });
  void warmUp();
};

/** Notes whose titles make the warm-up's questions (three questions each). */
const WARM_UP_NOTES = 4;
/** A question has been asked: the warm-up's questions are ranked only (no read of the copy). */
let asked = false;
/**
 * Once the worker can answer: a few questions nobody asked (warm-up-questions.ts),
 * each in a task of its own, so that the user's first questions meet compiled code.
 * A question that comes during one waits for it (at most one), and its `ms` counts
 * that wait (`sentAt`). Once the user has asked (a reload asks at once), the rest
 * are only ranked: they run while the first answer waits for its hits' text from
 * IndexedDB, and read none themselves. Stopping them there instead left the first
 * questions after a reload cold: search-after-reload.ts's p95 9.1 against 12.7 ms
 * (medians of six reloads each; p50 1.55 both).
 */
async function warmUp() {
  for (const { query, typing } of engine.warmUpQuestions(WARM_UP_NOTES)) {
    await new Promise((resolve) => setTimeout(resolve));
    if (asked) engine.rank(query, typing);
    else await engine.search(query, {}, typing).catch(() => undefined);
  }
}

/** Every change to the copy and the index runs in order, one at a time. */
let chain: Promise<void> = Promise.resolve();
let closeEvents: (() => void) | null = null;

function fail(error: unknown) {
  const known = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  post({ type: 'error', code: known?.code ?? 'internal', message, status: known?.status ?? 0 });
  // Not ready on a failure: a saved index, once loaded, already made the worker
  // ready (searching it beats waiting for a server that is not there), and
  // without one the index holds only what a failed first sync got through, or
  // nothing — its answers would read as «no such note» (the 50k bench's «no
  // encontró nada»). Queries wait for the retry; the page shows the error.
}

const enqueue = (task: () => Promise<void>) => {
  chain = chain.then(task).catch(fail);
};

/** The first sync and every catch-up; a failed one is tried again later. */
const enqueueSync = retryingSync(() => sync(), enqueue, SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS);

/** A first visit's export, asked for once signed in (`signed-in`), for the first sync to read. */
let earlyExport: Promise<Response> | undefined;
function takeEarlyExport(): Promise<Response> | undefined {
  const taken = earlyExport;
  earlyExport = undefined;
  return taken;
}

/**
 * Signed in, the page still loading: when there is no saved index and the copy is
 * empty (a first visit, whose sync reads the whole export), the export is asked for
 * now. Its first notes wait in the network's buffers until the sync reads them; the
 * server reads ahead only as far as those buffers let it.
 */
function signedIn() {
  // On the chain, so never during a sync; none once a sync has begun (it took the
  // copy's hashes) or after a saved index (none were read).
  enqueue(async () => {
    if (!copiedEarly) return;
    // A failed read is the sync's to report (it reads again).
    const copied = await copiedEarly.catch(() => null);
    if (copied === null || copied.size > 0) return;
    earlyExport = askForExport();
    earlyExport.catch(() => undefined); // the sync asks again
  });
}

async function sync() {
  // A reload's first questions read their hits' text from the copy: first, not queued
  // behind the diff's read of every hash (144–243 ms at 10k). Never before a first sync
  // (the worker is not ready: its questions wait for this one). One the page said is
  // coming counts as asked.
  if (isReady) {
    await questionComing;
    await answered();
  }
  performance.mark('soma:sync-start');
  let fetched = 0;
  const revision = engine.revision;
  // A first sync's chunks, written to the copy once the first queries are answered;
  // until then the worker's reads of the copy see them.
  const taken = new HeldCopy();
  held = taken;
  readUnwrittenFrom(taken);
  try {
    const copied = copiedEarly ?? undefined;
    copiedEarly = null;
    const manifest = await syncVault({
      ...api,
      ...(copied ? { copied } : {}),
      exportNotes: () => exportNotes(takeEarlyExport()),
      held: taken,
      onChange: (change) => {
        fetched += change.upserted.length;
        return engine.apply(change);
      },
      onProgress: (done, total) => post({ type: 'progress', done, total }),
    });
    await engine.reconcile(manifest);
    // Every chunk is filed: the analysis workers' vocabularies are memory no one needs
    // until the next big change (new workers start then).
    analysis?.reset();
    becomeReady('built');
    // A reload's sync mostly finds nothing new: the question on screen is not asked again then.
    const changed = engine.revision !== revision;
    post({ type: 'synced', fetched, changed, ms: performance.now() - born });
    // After every vault sync (so also on the event stream reconnecting): the vectors follow the notes.
    void vectors.sync();
    // Writing the copy and saving the index start with long synchronous work (cloning,
    // stringifying): the queries that waited for the index are answered first.
    await answered();
  } finally {
    // An export asked for early that this sync did not read (the copy was not empty after all).
    dropExport(takeEarlyExport());
    // Even after a failure: what was held is good, and stored before anything else runs.
    await taken.write();
  }
  await engine.flush();
  // The notes' text for snippets, in memory, once the index is saved (a failed
  // read leaves the rest to be read from IndexedDB per query, as before).
  engine.warm().catch(() => undefined);
}

/** Queries received and not answered yet (not even lexically). */
const unanswered = new Set<number>();
let whenAnswered: (() => void)[] = [];
/** Resolves once every query received has had its first answer (at once when none waits). */
const answered = () =>
  unanswered.size === 0 ? Promise.resolve() : new Promise<void>((r) => whenAnswered.push(r));
function queryDone(id: number) {
  if (!unanswered.delete(id) || unanswered.size > 0) return;
  const waiting = whenAnswered;
  whenAnswered = [];
  for (const resolve of waiting) resolve();
}

let buffered: VaultEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
const onVault = (event: VaultEvent) => {
  buffered.push(event);
  clearTimeout(flushTimer);
  flushTimer = setTimeout(() => {
    const events = buffered;
    buffered = [];
    enqueue(async () => {
      await applyVaultEvents({ ...api, onChange: engine.apply }, events);
      post({ type: 'changed' });
      vectors.syncSoon();
    });
  }, EVENT_BATCH_MS);
};

function followEvents() {
  let reconnecting = false;
  closeEvents = openEvents({
    onOpen() {
      // Events may have been missed while the stream was down: diff the manifest again.
      if (reconnecting) enqueueSync();
      reconnecting = false;
    },
    onVault,
    onHarness: (harness) => engine.setSynonyms(harness.searchSynonyms),
    // The layer can start while the page is open (a download completed): copy its vectors.
    onEmbeddings: () => void vectors.sync(),
    onError(closed) {
      reconnecting = true;
      if (!closed) return;
      closeEvents?.();
      setTimeout(followEvents, EVENTS_RETRY_MS);
    },
  });
}

/**
 * Resolves once the question the page said is coming (`load`'s `asking`) has arrived,
 * or after QUESTION_WAIT_MS if it never does: when the worker was ready before it, the
 * sync began first, and its read of every hash held the question's read of its hits'
 * text (270 ms against 46–89 at 10k, in a trace).
 */
let questionComing: Promise<void> = Promise.resolve();
let questionArrived: () => void = () => undefined;
/** The longest a sync waits for a question the page said was coming. */
const QUESTION_WAIT_MS = 5_000;

let loadQueued = false;
/** The copy's hashes, read after finding no saved index, for the sync that follows (once). */
let copiedEarly: Promise<Map<string, string>> | null = null;
/** Reads the saved index, once, first in the chain: a reload's first search needs nothing else. */
function loadSaved() {
  if (loadQueued) return;
  loadQueued = true;
  enqueue(async () => {
    if (await engine.load(takeEarlyIndexRead() ?? undefined)) becomeReady('saved');
    else {
      // No saved index: most likely a first visit, whose sync asks for the whole export
      // once it knows the copy is empty. Read now, so that this read (8–197 ms on a first
      // visit, beside the page's own IndexedDB traffic) is done before the sync starts.
      copiedEarly = copiedHashes();
      copiedEarly.catch(() => undefined);
    }
  });
}

function start() {
  if (closeEvents) return;
  loadSaved();
  // Vectors are a nicety: a failed load leaves search lexical until the next sync.
  vectors.load().catch(() => undefined);
  // Without the synonyms, search still works: they only add lower-ranked hits.
  getStatus().then(
    (status) => engine.setSynonyms(status.harness.searchSynonyms),
    () => undefined,
  );
  // Listen before diffing, so nothing that changes during the first sync is missed.
  followEvents();
  enqueueSync();
}

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'load') {
    if (message.asking && !loadQueued) {
      questionComing = new Promise((resolve) => {
        questionArrived = resolve;
        setTimeout(resolve, QUESTION_WAIT_MS);
      });
    }
    return loadSaved();
  }
  if (message.type === 'start') return start();
  if (message.type === 'signed-in') return signedIn();
  if (message.type === 'quality') {
    await ready;
    return scoreQuality(message);
  }
  unanswered.add(message.id);
  asked = true;
  questionArrived();
  // What it waited behind (a warm-up question, a sync's slice), not the wait for `ready` below.
  const queued = Math.max(0, performance.timeOrigin + performance.now() - message.sentAt);
  await ready;
  try {
    await answer(message, queued);
  } finally {
    queryDone(message.id);
  }
};
