import { describe, expect, it } from 'vitest';
import { coalescedRun } from './coalesced-run.ts';

/** A task whose runs are counted, each held until `release` is called. */
function heldTask() {
  const releases: (() => void)[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let started = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      started++;
      releases.push(resolve);
      for (const w of waiters.filter((w) => w.n <= started)) w.resolve();
    });
  return {
    task,
    started: () => started,
    release: () => releases.shift()?.(),
    /** Settles once the task has been started `n` times. */
    startedTimes: (n: number) =>
      new Promise<void>((resolve) => {
        if (started >= n) resolve();
        else waiters.push({ n, resolve });
      }),
  };
}

describe('coalescedRun', () => {
  it('runs the task once for a single call', async () => {
    const held = heldTask();
    const run = coalescedRun(held.task);
    const done = run();
    held.release();
    await done;
    expect(held.started()).toBe(1);
  });

  it('folds the calls made during a run into one more run after it', async () => {
    const held = heldTask();
    const run = coalescedRun(held.task);
    const first = run();
    const second = run();
    const third = run();
    expect(held.started()).toBe(1);
    held.release();
    await held.startedTimes(2);
    held.release();
    await Promise.all([first, second, third]);
    expect(held.started()).toBe(2);
  });

  it('gives every caller during a run the same promise, settled after the run that follows', async () => {
    const held = heldTask();
    const run = coalescedRun(held.task);
    const first = run();
    expect(run()).toBe(first);
    let settled = false;
    void first.then(() => {
      settled = true;
    });
    held.release();
    await held.startedTimes(2);
    expect(settled).toBe(false);
    held.release();
    await first;
    expect(settled).toBe(true);
  });

  it('starts afresh once the last run has ended', async () => {
    const held = heldTask();
    const run = coalescedRun(held.task);
    const first = run();
    held.release();
    await first;
    const next = run();
    expect(next).not.toBe(first);
    expect(held.started()).toBe(2);
    held.release();
    await next;
  });
});
