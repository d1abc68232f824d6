import { copiedHashes, readUnwrittenFrom } from '../../db/vault-copy-repo.ts';
import { getManifest, getNotesBatch } from '../../lib/api.ts';
import { HeldCopy } from '../../vault-sync/held-copy.ts';
import { askForExport, dropExport, exportNotes } from '../../vault-sync/read-export.ts';
import { syncVault } from '../../vault-sync/sync-vault.ts';
import type { VectorLayer } from '../../vectors/vector-layer.ts';
import type { NoteAnalysis } from '../engine/analysis-pool.ts';
import type { SearchEngine } from '../engine/search-engine.ts';
import { takeEarlyIndexRead } from './early-index-read.ts';
import type { PageQuestions } from './page-questions.ts';
import type { FromWorker } from './search-protocol.ts';

/** What the worker's sync works with, and how it tells the worker it can answer. */
export interface WorkerSyncDeps {
  engine: SearchEngine;
  vectors: VectorLayer;
  analysis: NoteAnalysis | undefined;
  questions: PageQuestions;
  /** The sync's notes taken for the copy and not written yet (the engine waits for them before a save). */
  copy: { held: HeldCopy };
  post: (message: FromWorker) => void;
  /** Runs a change to the copy and the index on the worker's chain. */
  enqueue: (task: () => Promise<void>) => void;
  isReady: () => boolean;
  becomeReady: (source: 'saved' | 'built') => void;
  /** When the worker started (a `synced` message's `ms`). */
  born: number;
}

/**
 * The worker's load and syncs: the saved index read first in the chain, a
 * first visit's export asked for early, and each sync of the copy and the
 * index with the server (the first, and every catch-up).
 */
export function createWorkerSync(deps: WorkerSyncDeps) {
  const { engine, vectors, questions, post } = deps;
  let loadQueued = false;
  /** The copy's hashes, read after finding no saved index, for the sync that follows (once). */
  let copiedEarly: Promise<Map<string, string>> | null = null;
  /** A first visit's export, asked for once signed in (`signed-in`), for the first sync to read. */
  let earlyExport: Promise<Response> | undefined;
  const takeEarlyExport = (): Promise<Response> | undefined => {
    const taken = earlyExport;
    earlyExport = undefined;
    return taken;
  };

  /** Reads the saved index, once, first in the chain: a reload's first search needs nothing else. */
  const loadSaved = () => {
    if (loadQueued) return;
    loadQueued = true;
    deps.enqueue(async () => {
      if (await engine.load(takeEarlyIndexRead() ?? undefined)) deps.becomeReady('saved');
      else {
        // No saved index: most likely a first visit, whose sync asks for the whole export
        // once it knows the copy is empty. Read now, so that this read (slow beside the
        // page's own IndexedDB traffic on a first visit) is done before the sync starts.
        copiedEarly = copiedHashes();
        copiedEarly.catch(() => undefined);
      }
    });
  };

  /**
   * Signed in, the page still loading: when there is no saved index and the copy is
   * empty (a first visit, whose sync reads the whole export), the export is asked for
   * now. Its first notes wait in the network's buffers until the sync reads them; the
   * server reads ahead only as far as those buffers let it.
   */
  const signedIn = () => {
    // On the chain, so never during a sync; none once a sync has begun (it took the
    // copy's hashes) or after a saved index (none were read).
    deps.enqueue(async () => {
      if (!copiedEarly) return;
      // A failed read is the sync's to report (it reads again).
      const copied = await copiedEarly.catch(() => null);
      if (copied === null || copied.size > 0) return;
      earlyExport = askForExport();
      earlyExport.catch(() => undefined); // the sync asks again
    });
  };

  const sync = async () => {
    // A reload's first questions read their hits' text from the copy: first, not queued
    // behind the diff's read of every hash (docs/FACTS.md). Never before a first sync
    // (the worker is not ready: its questions wait for this one). One the page said is
    // coming counts as asked.
    if (deps.isReady()) {
      await questions.coming();
      await questions.answered();
    }
    performance.mark('soma:sync-start');
    let fetched = 0;
    const revision = engine.revision;
    // A first sync's chunks, written to the copy once the first queries are answered;
    // until then the worker's reads of the copy see them.
    const taken = new HeldCopy();
    deps.copy.held = taken;
    readUnwrittenFrom(taken);
    try {
      const copied = copiedEarly ?? undefined;
      copiedEarly = null;
      const manifest = await syncVault({
        getManifest,
        getNotesBatch,
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
      deps.analysis?.reset();
      deps.becomeReady('built');
      // A reload's sync mostly finds nothing new: the question on screen is not asked again then.
      const changed = engine.revision !== revision;
      post({ type: 'synced', fetched, changed, ms: performance.now() - deps.born });
      // After every vault sync (so also on the event stream reconnecting): the vectors follow the notes.
      void vectors.sync();
      // Writing the copy and saving the index start with long synchronous work (cloning,
      // stringifying): the queries that waited for the index are answered first.
      await questions.answered();
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
  };

  return {
    /** Whether the saved index's read was queued already. */
    get loadQueued() {
      return loadQueued;
    },
    loadSaved,
    signedIn,
    sync,
  };
}
