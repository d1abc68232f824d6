/// <reference lib="webworker" />

// First: it starts reading the saved index while the rest of the worker evaluates.
import './early-index-read.ts';

import { getStatus } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { embedQuery, getEmbedStatus, getVectors } from '../../lib/embeddings-api.ts';
import { SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS } from '../../lib/timing.ts';
import { HeldCopy } from '../../vault-sync/held-copy.ts';
import { createVectorLayer } from '../../vectors/vector-layer.ts';
import { createSearchEngine } from '../engine/search-engine.ts';
import { startAnalysisWorkers } from './analysis-workers.ts';
import { createPageQuestions } from './page-questions.ts';
import { retryingSync } from './retrying-sync.ts';
import type { FromWorker, ToWorker } from './search-protocol.ts';
import { createVaultFollower } from './vault-follower.ts';
import { warmUp } from './warm-up.ts';
import { createQualityKeeper } from './worker-quality.ts';
import { createQueryAnswerer } from './worker-query.ts';
import { createWorkerSync } from './worker-sync.ts';

/**
 * The search worker: keeps the vault copy in IndexedDB in sync (manifest
 * diff, then live `vault` events), keeps the index in step, and answers
 * queries, so neither indexing nor searching ever blocks the page.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const born = performance.now();
const questions = createPageQuestions();
const post = (message: FromWorker) => {
  scope.postMessage(message);
  // A query's first answer (lexical) is what the save must not hold up; a refined one may follow.
  if (message.type === 'result') questions.done(message.id);
};
const analysis = startAnalysisWorkers();
/** The sync's notes taken for the copy and not written yet (a first sync holds them). */
const copy = { held: new HeldCopy() };
const engine = createSearchEngine({
  ...(analysis ? { analysis } : {}),
  copyWritten: () => copy.held.written(),
});
/** The embeddings layer: vectors copied like notes, fused with the lexical ranking. */
const vectors = createVectorLayer({
  getStatus: getEmbedStatus,
  getVectors,
  embedQuery,
  onChanged: () => {
    post({ type: 'changed' });
    // Another model's vectors, or the first ones: the «¿Era esta?» figures may be stale.
    void quality.check();
  },
});
const answer = createQueryAnswerer(engine, vectors, post);
const quality = createQualityKeeper(engine, vectors, post);

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
  void warmUp(engine, () => questions.asked);
};

/** Every change to the copy and the index runs in order, one at a time. */
let chain: Promise<void> = Promise.resolve();

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

const syncs = createWorkerSync({
  engine,
  vectors,
  analysis,
  questions,
  copy,
  post,
  enqueue,
  isReady: () => isReady,
  becomeReady,
  born,
});
/** The first sync and every catch-up; a failed one is tried again later. */
const enqueueSync = retryingSync(syncs.sync, enqueue, SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS);
const follower = createVaultFollower({
  engine,
  vectors,
  post,
  enqueue,
  enqueueSync,
  rankingChanged: () => void quality.check(),
});

function start() {
  if (follower.following) return;
  syncs.loadSaved();
  // Vectors are a nicety: a failed load leaves search lexical until the next sync.
  vectors.load().catch(() => undefined);
  // Without the synonyms, search still works: they only add lower-ranked hits.
  getStatus().then(
    (status) => {
      engine.setSynonyms(status.harness.searchSynonyms);
      void quality.check();
    },
    () => undefined,
  );
  // Listen before diffing, so nothing that changes during the first sync is missed.
  follower.follow();
  enqueueSync();
}

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'load') {
    if (message.asking && !syncs.loadQueued) questions.expect();
    return syncs.loadSaved();
  }
  if (message.type === 'start') return start();
  if (message.type === 'signed-in') return syncs.signedIn();
  if (message.type === 'quality') {
    await ready;
    return quality.ask(message);
  }
  if (message.type === 'quality-stop') return quality.stop(message.id);
  questions.received(message.id);
  // What it waited behind (a warm-up question, a sync's slice), not the wait for `ready` below.
  const queued = Math.max(0, performance.timeOrigin + performance.now() - message.sentAt);
  await ready;
  try {
    await answer(message, queued);
  } finally {
    questions.done(message.id);
  }
};
