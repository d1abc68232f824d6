import { createSignal } from 'solid-js';
import { ApiError } from '../../lib/api-error.ts';
import type { SyncProgress } from '../engine/search-types.ts';
import { startSearchWorker, stopSearchWorker } from '../worker/search-client.ts';

/** The search worker as the UI sees it: whether it can answer, and how far the vault copy is. */
export function createSearchStore(report: (error: unknown) => void) {
  const [progress, setProgress] = createSignal<SyncProgress | null>(null);
  const [ready, setReady] = createSignal(false);
  const [version, setVersion] = createSignal(0);
  // The worker reports each stored chunk; the page shows the newest once per frame, so a
  // burst of reports while it is busy costs one update of the header, not one each.
  let latest: SyncProgress | null = null;
  let frame = 0;
  const showProgress = (p: SyncProgress | null) => {
    latest = p;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      setProgress(latest);
    });
  };
  const clearProgress = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    setProgress(null);
  };
  return {
    /** Notes fetched of those to fetch while a sync runs; null when the copy is up to date. */
    progress,
    ready,
    /** Bumped whenever the index changes, so results on screen can be refreshed. */
    version,
    /** Starts the worker and its sync (after login). Safe to call again. */
    start() {
      startSearchWorker({
        onProgress: (done, total) =>
          showProgress(total > 0 && done < total ? { done, total } : null),
        onReady: () => setReady(true),
        onChanged: (indexChanged) => {
          clearProgress();
          if (indexChanged) setVersion((v) => v + 1);
        },
        onError: (e) => {
          clearProgress();
          report(new ApiError(e.code, e.message, e.status));
        },
      });
    },
    stop() {
      stopSearchWorker();
      setReady(false);
      clearProgress();
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;

declare module '../../state/use-stores.ts' {
  interface Stores {
    /** The search worker: its state and the questions asked of it. */
    search: SearchStore;
  }
}
