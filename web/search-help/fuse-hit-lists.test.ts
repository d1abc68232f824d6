import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../search/engine/search-types.ts';
import { fuseHitLists } from './fuse-hit-lists.ts';

const hit = (path: string, snippet = ''): SearchHit => ({
  path,
  title: path.replace(/\.md$/, ''),
  folder: '',
  snippet,
  marks: [],
  score: 1,
});

describe('web/search-help/fuse-hit-lists', () => {
  it('ranks by reciprocal rank fusion with k = 60 and names the queries that found each note', () => {
    const fused = fuseHitLists([
      { query: 'copias', hits: [hit('a.md'), hit('b.md')] },
      { query: 'rsync', hits: [hit('c.md'), hit('b.md')] },
      { query: 'restic', hits: [hit('c.md')] },
    ]);
    // a: 1/61; b: 1/62 + 1/62; c: 1/61 + 1/61 — by hand: c 0.032787, b 0.032258, a 0.016393.
    expect(fused.map((f) => [f.hit.path, f.foundBy])).toEqual([
      ['c.md', ['rsync', 'restic']],
      ['b.md', ['copias', 'rsync']],
      ['a.md', ['copias']],
    ]);
    expect(fused[0]!.score).toBeCloseTo(2 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(2 / 62, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 61, 12);
  });

  it("shows a note as the earliest list that found it shows it (the user's query first)", () => {
    const fused = fuseHitLists([
      { query: 'faro', hits: [hit('x.md', 'del faro')] },
      { query: 'niebla', hits: [hit('x.md', 'la niebla')] },
    ]);
    expect(fused).toHaveLength(1);
    expect(fused[0]!.hit.snippet).toBe('del faro');
  });

  it('answers nothing for lists without hits', () => {
    expect(fuseHitLists([{ query: 'q', hits: [] }])).toEqual([]);
  });
});
