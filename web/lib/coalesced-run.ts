/**
 * Wraps an async `task` so runs never overlap: a call while one runs is folded into a
 * single run after it (however many calls came), and resolves when that one ends. A sync
 * asked for mid-sync may have missed what prompted it, so it is run again, once.
 * `task` must not reject: each caller catches its own failures.
 */
export function coalescedRun(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await task();
      } while (again);
      running = null;
    })();
    return running;
  };
}
