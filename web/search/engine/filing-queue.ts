/** How many chunks may be analysed ahead of the one being filed: enough to keep every analyzer busy. */
export const ANALYSED_AHEAD = 3;

/**
 * Chunks of notes analysed elsewhere (another worker) and filed into the
 * index here, strictly in the order they were added, while the next ones are
 * being analysed. `add` resolves once there is room for another chunk (so a
 * stream is read no faster than it can be indexed); `settled` once every
 * chunk added is filed. A failure (analysis or filing) is thrown by the next
 * `add` or `settled`, after which the queue starts afresh (`onFailure`): the
 * chunks after the failed one were not filed, and whoever reads the index
 * next finds them missing (the engine's hashes say so) and indexes them again.
 */
export function createFilingQueue<Chunk, Analysed>(deps: {
  analyze(chunk: Chunk): Promise<Analysed>;
  file(chunk: Chunk, analysed: Analysed): void;
  onFailure(): void;
}) {
  let filing: Promise<void> = Promise.resolve();
  let waiting: Promise<void>[] = [];
  let count = 0;

  const restart = (error: unknown): never => {
    filing = Promise.resolve();
    waiting = [];
    count = 0;
    deps.onFailure();
    throw error;
  };

  return {
    /** True while no chunk is waiting to be filed. */
    get idle() {
      return count === 0;
    },
    async add(chunk: Chunk): Promise<void> {
      const analysed = deps.analyze(chunk);
      analysed.catch(() => undefined); // thrown where it is filed
      count++;
      const filed = filing.then(async () => {
        deps.file(chunk, await analysed);
        count--;
      });
      filed.catch(() => undefined); // thrown where it is awaited
      filing = filed;
      waiting.push(filed);
      try {
        while (waiting.length > ANALYSED_AHEAD) await waiting.shift();
      } catch (error) {
        restart(error);
      }
    },
    async settled(): Promise<void> {
      try {
        await filing;
      } catch (error) {
        restart(error);
      }
      waiting = [];
    },
  };
}
