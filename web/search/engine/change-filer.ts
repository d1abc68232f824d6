import type { CachedNoteRecord } from '../../db/records.ts';
import type { VaultChange } from '../../vault-sync/sync-deps.ts';
import type { Analysis, NoteAnalysis } from './analysis-pool.ts';
import type { EngineState } from './engine-state.ts';
import { createFilingQueue } from './filing-queue.ts';

/** Fewer new notes than this are indexed here at once: not worth a trip to an analysis worker. */
const MIN_ANALYSED = 50;

/**
 * Applies the vault's changes to the index, note by note by hash: at once, or,
 * for many new notes with an analysis worker at hand, analysed there and filed
 * here in order. `changed` is called after every change to the index.
 */
export function createChangeFiler(
  state: EngineState,
  opts: { analysis?: NoteAnalysis | undefined; changed: () => void },
) {
  /** Paths of notes being analysed elsewhere, not in `hashes` until filed. */
  const analysing = new Set<string>();
  const queue = createFilingQueue<CachedNoteRecord[], Analysis>({
    analyze: (notes) => opts.analysis!.analyze(notes),
    file(notes, analysis) {
      state.index.addAnalyzed(analysis.analyzed, analysis.source);
      for (const note of notes) {
        analysing.delete(note.path);
        state.texts.set(note.path, note.content);
        state.hashes[note.path] = note.hash;
      }
      opts.changed();
    },
    onFailure() {
      // Not filed: their hashes are missing, so the next reconcile indexes them again.
      analysing.clear();
      opts.analysis?.reset();
    },
  });

  /** A change of only new notes, enough of them: analysed in another worker. */
  const analysable = (change: VaultChange) => {
    if (!opts.analysis || change.removed.length > 0 || change.upserted.length < MIN_ANALYSED)
      return false;
    const paths = new Set<string>();
    for (const { path } of change.upserted) {
      if (path in state.hashes || analysing.has(path) || paths.has(path)) return false;
      paths.add(path);
    }
    return true;
  };

  const applyNow = (change: VaultChange) => {
    const { index, hashes, texts } = state;
    let changed = false;
    for (const path of change.removed) {
      texts.delete(path);
      if (!(path in hashes)) continue;
      index.remove(path);
      delete hashes[path];
      changed = true;
    }
    for (const note of change.upserted) {
      const same = hashes[note.path] === note.hash;
      if (!(same && texts.has(note.path))) texts.set(note.path, note.content);
      if (same) continue;
      index.upsert(note.path, note.content);
      hashes[note.path] = note.hash;
      changed = true;
    }
    if (changed) opts.changed();
  };

  return {
    /**
     * Applies a change: at once (a change applied before returns), or, for many
     * new notes with an analysis worker at hand, queued to be filed in order
     * (resolves when another chunk may come; `settled` when all are filed).
     */
    apply(change: VaultChange): void | Promise<void> {
      if (analysable(change)) {
        for (const { path } of change.upserted) analysing.add(path);
        return queue.add(change.upserted);
      }
      if (queue.idle) return applyNow(change);
      return queue.settled().then(() => applyNow(change));
    },
    /** Resolves once every queued change is filed. */
    settled: () => queue.settled(),
  };
}
