import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A thread's nice value, from its stat line (field 19, after the command in parentheses). */
const niceOf = (tid: number) => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const mainTid = () => Number(process.pid);

describe.runIf(process.platform === 'linux')('the model thread priority', () => {
  it('lowers the calling worker thread only, not the server it runs in', async () => {
    const module = new URL('./thread-priority.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then(async (api) => {
      api.register();
      const { lowerThisThreadPriority } = await import(${JSON.stringify(module)});
      const { parentPort } = await import('node:worker_threads');
      const tid = lowerThisThreadPriority(10);
      parentPort.postMessage(tid);
      await new Promise((resolve) => parentPort.once('message', resolve));
    })`;
    const before = niceOf(mainTid());
    const worker = new Worker(code, { eval: true });
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    try {
      expect(tid).toBeGreaterThan(0);
      expect(tid).not.toBe(mainTid());
      expect(niceOf(tid)).toBe(Math.max(10, before));
      expect(niceOf(mainTid())).toBe(before);
    } finally {
      worker.postMessage('done');
      await worker.terminate();
    }
  });
});
