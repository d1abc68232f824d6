import { describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '../engine/search-types.ts';
import type { SearchAnswer, SearchOptions } from './search-client.ts';
import { search } from './vault-search.ts';

const hit = (path: string): SearchHit =>
  ({ path, title: path, score: 1, snippet: [] }) as unknown as SearchHit;

/** A worker whose first answer is words only with the vector pending; `refine` sends the fused one. */
function pendingWorker(first: SearchHit[]) {
  let refined: SearchOptions['onRefined'];
  const find = vi.fn(async (_q: string, options: SearchOptions): Promise<SearchAnswer> => {
    refined = options.onRefined;
    return { hits: first, ms: 1, semantic: { mode: 'pending' } };
  });
  const refine = (hits: SearchHit[]) => refined?.({ hits, ms: 2, semantic: { mode: 'hybrid' } });
  return { find, refine };
}

describe('search for /buscar', () => {
  it('answers the fused ranking when it comes in time', async () => {
    const { find, refine } = pendingWorker([hit('a.md')]);
    const answer = search('memoria', find, 60_000);
    await vi.waitFor(() => expect(find).toHaveBeenCalled());
    refine([hit('b.md'), hit('a.md')]);
    expect((await answer).map((h) => h.path)).toEqual(['b.md', 'a.md']);
  });

  it('answers the words-only ranking when the vector does not come (a hung embedder)', async () => {
    vi.useFakeTimers();
    try {
      const { find, refine } = pendingWorker([hit('a.md')]);
      const answer = search('memoria', find, 2_500);
      await vi.advanceTimersByTimeAsync(2_499);
      let settled = false;
      void answer.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await answer).map((h) => h.path)).toEqual(['a.md']);
      refine([hit('b.md')]); // too late: ignored
      expect((await answer).map((h) => h.path)).toEqual(['a.md']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers at once when nothing is pending, and passes a failure on', async () => {
    const find = vi.fn(
      async (): Promise<SearchAnswer> => ({
        hits: [hit('c.md')],
        ms: 1,
        semantic: { mode: 'lexical', reason: null },
      }),
    );
    expect((await search('x', find, 60_000)).map((h) => h.path)).toEqual(['c.md']);
    const failing = vi.fn(async (): Promise<SearchAnswer> => {
      throw new Error('search stopped');
    });
    await expect(search('x', failing)).rejects.toThrow('search stopped');
  });
});
