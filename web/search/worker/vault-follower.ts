import type { VaultEvent } from '../../../common/api-schemas.ts';
import { getNotesBatch, openEvents } from '../../lib/api.ts';
import { EVENTS_RETRY_MS } from '../../lib/timing.ts';
import { applyVaultEvents, EVENT_BATCH_MS } from '../../vault-sync/vault-events.ts';
import type { VectorLayer } from '../../vectors/vector-layer.ts';
import type { SearchEngine } from '../engine/search-engine.ts';
import type { FromWorker } from './search-protocol.ts';

/**
 * Follows the server's event stream: vault events batched into the copy and
 * the index (on the worker's chain), harness changes to the synonyms, a new
 * embeddings layer to the vectors; a reconnect diffs the manifest again, a
 * closed stream is opened again later.
 */
export function createVaultFollower(deps: {
  engine: SearchEngine;
  vectors: VectorLayer;
  post: (message: FromWorker) => void;
  /** Runs a change to the copy and the index on the worker's chain. */
  enqueue: (task: () => Promise<void>) => void;
  /** Diffs the manifest again (a catch-up sync). */
  enqueueSync: () => void;
  /** What ranking depends on may have changed (synonyms, fusion settings, the model, the embedding's end). */
  rankingChanged: () => void;
}) {
  const { engine, vectors, post } = deps;
  let closeEvents: (() => void) | null = null;
  let buffered: VaultEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const onVault = (event: VaultEvent) => {
    buffered.push(event);
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => {
      const events = buffered;
      buffered = [];
      deps.enqueue(async () => {
        await applyVaultEvents({ getNotesBatch, onChange: engine.apply }, events);
        post({ type: 'changed' });
        vectors.syncSoon();
      });
    }, EVENT_BATCH_MS);
  };

  const follow = () => {
    let reconnecting = false;
    closeEvents = openEvents({
      onOpen() {
        // Events may have been missed while the stream was down: diff the manifest again.
        if (reconnecting) deps.enqueueSync();
        reconnecting = false;
      },
      onVault,
      onHarness: (harness) => {
        engine.setSynonyms(harness.searchSynonyms);
        deps.rankingChanged();
        // The fusion settings come with the embeddings status: read it again.
        void vectors.sync().then(deps.rankingChanged);
      },
      // The layer can start while the page is open (a download completed), or change
      // model or state: copy its vectors.
      onEmbeddings: () => void vectors.sync().then(deps.rankingChanged),
      onError(closed) {
        reconnecting = true;
        if (!closed) return;
        closeEvents?.();
        setTimeout(follow, EVENTS_RETRY_MS);
      },
    });
  };

  return {
    /** Whether the stream was opened (once opened, it is kept open). */
    get following() {
      return closeEvents !== null;
    },
    follow,
  };
}
