import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

/** A promise with its resolve function, to hold a task open until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('common/keyed-queue', () => {
  it('runs the tasks of one key one at a time, in the order they were queued', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const first = gate();
    const a = q.run('x', async () => {
      log.push('a start');
      await first.opened;
      log.push('a end');
      return 1;
    });
    const b = q.run('x', async () => {
      log.push('b');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('lets tasks of different keys run at the same time', async () => {
    const q = new KeyedQueue();
    const held = gate();
    const log: string[] = [];
    const a = q.run('x', async () => {
      await held.opened;
      log.push('x');
    });
    await q.run('y', async () => {
      log.push('y');
    });
    expect(log).toEqual(['y']);
    held.open();
    await a;
    expect(log).toEqual(['y', 'x']);
  });

  it('gives a failure to its own caller only and still runs the next task', async () => {
    const q = new KeyedQueue();
    const failed = q.run('x', async () => {
      throw new Error('boom');
    });
    const after = q.run('x', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(after).resolves.toBe('ok');
  });

  it('waits for queued tasks with idle() and forgets keys that went idle', async () => {
    const q = new KeyedQueue();
    const held = gate();
    let done = false;
    void q.run('x', async () => {
      await held.opened;
      done = true;
    });
    void q.run('y', async () => undefined);
    expect(q.size).toBe(2);
    const idle = q.idle();
    held.open();
    await idle;
    expect(done).toBe(true);
    await q.idle('x');
    expect(q.size).toBe(0);
  });
});
