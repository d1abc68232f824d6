import {
  analysisWorkerCount,
  createAnalysisPool,
  type NoteAnalysis,
} from '../engine/analysis-pool.ts';

/**
 * Analysis workers for this search worker (ended with it): the per-note half
 * of indexing a first sync, in parallel. None where the cores are too few.
 */
export function startAnalysisWorkers(): NoteAnalysis | undefined {
  const count = analysisWorkerCount(navigator.hardwareConcurrency ?? 1);
  if (count === 0) return undefined;
  return createAnalysisPool(
    count,
    () =>
      new Worker(new URL('./analysis-worker.ts', import.meta.url), {
        type: 'module',
        name: 'soma-analysis',
      }),
  );
}
