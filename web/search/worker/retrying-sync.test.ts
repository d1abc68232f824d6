import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryingSync } from './retrying-sync.ts';

describe('retryingSync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A chain like the worker's: tasks in order, failures reported and swallowed. */
  function chain() {
    let tail = Promise.resolve();
    const failures: unknown[] = [];
    const enqueue = (task: () => Promise<void>) => {
      tail = tail.then(task).catch((e) => {
        failures.push(e);
      });
    };
    return { enqueue, failures, settled: () => tail };
  }

  it('tries a failed sync again, waiting longer each time, and stops once it succeeds', async () => {
    const outcomes = [false, false, true];
    const sync = vi.fn(async () => {
      if (!outcomes.shift()) throw new Error('timeout');
    });
    const c = chain();
    const run = retryingSync(sync, c.enqueue, 1000, 60_000);
    run();
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(1);
    expect(c.failures).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(2);
    // The second wait is twice the first.
    await vi.advanceTimersByTimeAsync(1999);
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sync).toHaveBeenCalledTimes(3);
  });

  it('a sync asked for meanwhile replaces the scheduled retry, and the wait is capped', async () => {
    const sync = vi.fn(async () => {
      throw new Error('down');
    });
    const c = chain();
    const run = retryingSync(sync, c.enqueue, 1000, 3000);
    run();
    await c.settled();
    run();
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(2);
    // One retry pending (not two), after the doubled wait.
    await vi.advanceTimersByTimeAsync(2000);
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3000);
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(3000);
    await c.settled();
    expect(sync).toHaveBeenCalledTimes(5);
  });
});
