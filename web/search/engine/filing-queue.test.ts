import { describe, expect, it } from 'vitest';
import { ANALYSED_AHEAD, createFilingQueue } from './filing-queue.ts';

/** A promise and its resolvers, to finish analyses in any order. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('web/search/engine/filing-queue', () => {
  it('files chunks in the order they came, whatever order their analyses end in', async () => {
    const analyses = new Map<number, ReturnType<typeof deferred<string>>>();
    const filed: string[] = [];
    let failures = 0;
    const queue = createFilingQueue<number, string>({
      analyze(chunk) {
        const d = deferred<string>();
        analyses.set(chunk, d);
        return d.promise;
      },
      file: (chunk, analysed) => filed.push(`${chunk}:${analysed}`),
      onFailure: () => failures++,
    });
    for (let i = 0; i < ANALYSED_AHEAD; i++) await queue.add(i);
    expect(queue.idle).toBe(false);
    // One more than fits: `add` waits until the first chunk is filed.
    let room = false;
    const next = queue.add(ANALYSED_AHEAD).then(() => {
      room = true;
    });
    analyses.get(2)!.resolve('c');
    analyses.get(1)!.resolve('b');
    await Promise.resolve();
    expect(filed).toEqual([]);
    expect(room).toBe(false);
    analyses.get(0)!.resolve('a');
    await next;
    expect(room).toBe(true);
    analyses.get(ANALYSED_AHEAD)!.resolve('d');
    await queue.settled();
    expect(filed).toEqual(['0:a', '1:b', '2:c', `${ANALYSED_AHEAD}:d`]);
    expect(queue.idle).toBe(true);
    expect(failures).toBe(0);
  });

  it('throws a failed analysis once, leaves the chunks after it unfiled, and starts afresh', async () => {
    const filed: number[] = [];
    let failures = 0;
    const queue = createFilingQueue<number, number>({
      analyze: async (chunk) => {
        if (chunk === 2) throw new Error('analizador caído');
        return chunk;
      },
      file: (chunk) => filed.push(chunk),
      onFailure: () => failures++,
    });
    await queue.add(1);
    await queue.add(2);
    await queue.add(3);
    await expect(queue.settled()).rejects.toThrow('analizador caído');
    expect(filed).toEqual([1]);
    expect(failures).toBe(1);
    expect(queue.idle).toBe(true);
    await queue.add(4);
    await queue.settled();
    expect(filed).toEqual([1, 4]);
  });
});
