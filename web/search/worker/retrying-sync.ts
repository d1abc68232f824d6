/**
 * A sync whose failure is tried again later, waiting `firstMs` and doubling up to
 * `maxMs` (a big vault on a busy laptop can outlast one request's time-out: without
 * a retry the index would stay empty until a reload). A success resets the wait;
 * asking again while a retry is scheduled replaces it. `enqueue` runs tasks in order
 * and reports their failures (the worker's chain).
 */
export function retryingSync(
  sync: () => Promise<void>,
  enqueue: (task: () => Promise<void>) => void,
  firstMs: number,
  maxMs: number,
): () => void {
  let waitMs = firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    enqueue(async () => {
      try {
        await sync();
        waitMs = firstMs;
      } catch (error) {
        timer = setTimeout(run, waitMs);
        waitMs = Math.min(waitMs * 2, maxMs);
        throw error;
      }
    });
  };
  return run;
}
