/**
 * Runs async tasks one at a time per key, in the order they were queued; tasks under
 * different keys run concurrently. Used wherever a check-then-act on one vault path must
 * not interleave with another on the same path (the index refreshing a file, the confirm
 * route checking and writing one). No Node imports: plain promises.
 */
export class KeyedQueue {
  /** key → the last task queued for it, settled or not; dropped once the key is idle. */
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `task` once every task queued earlier under `key` has settled (whether it
   * resolved or threw) and returns its result. A failure reaches only this caller:
   * the next task under the key still runs.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    // Tails never reject (see below), so `task` waits for the previous one whatever its outcome.
    const next = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Settles once every task queued so far (under `key`, or under any key) has settled. */
  async idle(key?: string): Promise<void> {
    const tails = key === undefined ? [...this.tails.values()] : [this.tails.get(key)];
    await Promise.all(tails);
  }

  /** How many keys have a task queued or running (for tests and leak checks). */
  get size(): number {
    return this.tails.size;
  }
}
