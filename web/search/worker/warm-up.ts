import type { SearchEngine } from '../engine/search-engine.ts';

/** Notes whose titles make the warm-up's questions (three questions each). */
const WARM_UP_NOTES = 4;

/**
 * Once the worker can answer: a few questions nobody asked (warm-up-questions.ts),
 * each in a task of its own, so that the user's first questions meet compiled code.
 * A question that comes during one waits for it (at most one), and its `ms` counts
 * that wait (`sentAt`). Once the user has asked (a reload asks at once), the rest
 * are only ranked: they run while the first answer waits for its hits' text from
 * IndexedDB, and read none themselves. Stopping them there instead left the first
 * questions after a reload cold, their slow tail longer (measured: docs/FACTS.md).
 */
export async function warmUp(engine: SearchEngine, asked: () => boolean): Promise<void> {
  for (const { query, typing } of engine.warmUpQuestions(WARM_UP_NOTES)) {
    await new Promise((resolve) => setTimeout(resolve));
    if (asked()) engine.rank(query, typing);
    else await engine.search(query, {}, typing).catch(() => undefined);
  }
}
