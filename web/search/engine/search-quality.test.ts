import { describe, expect, it } from 'vitest';
import type { SearchPair } from '../../../common/search-pair-schemas.ts';
import { NoteIndex } from './note-index.ts';
import { questionsOf, scoreQuestions } from './search-quality.ts';

const pair = (query: string, path: string): SearchPair => ({ query, path, from: 'search', at: 0 });

describe('web/search/engine/search-quality', () => {
  it('gathers the notes chosen for the same question into one question', () => {
    expect(
      questionsOf([pair('faro', 'a.md'), pair('niebla', 'b.md'), pair('faro', 'c.md')]),
    ).toEqual([
      { query: 'faro', expected: ['a.md', 'c.md'] },
      { query: 'niebla', expected: ['b.md'] },
    ]);
  });

  it('computes top-5 and MRR@10 from stored pairs as by hand', async () => {
    const index = NoteIndex.empty();
    // `faro` ranks faro.md first; `niebla` ranks niebla.md first and faro.md second.
    index.upsert('faro.md', '# Faro\n\nEl faro alumbra la niebla.');
    index.upsert('niebla.md', '# Niebla\n\nNiebla, niebla y niebla.');
    index.upsert('mar.md', '# Mar\n\nEl mar en calma.');
    const rank = (q: string) => index.search(q, {}, false).map((h) => h.path);
    expect(rank('niebla')).toEqual(['niebla.md', 'faro.md']);
    const report = await scoreQuestions(
      questionsOf([
        pair('faro', 'faro.md'), // rank 1
        pair('niebla', 'faro.md'), // rank 2: niebla.md came first
        pair('calma', 'faro.md'), // not found: mar.md came first
      ]),
      rank,
    );
    // By hand: two of three in the top 5; MRR = (1 + 1/2 + 0) / 3 = 0.5.
    expect(report.count).toBe(3);
    expect(report.top5).toBeCloseTo(2 / 3);
    expect(report.mrr10).toBeCloseTo(0.5);
    expect(report.questions.map((q) => [q.query, q.rank, q.first])).toEqual([
      ['faro', 1, 'faro.md'],
      ['niebla', 2, 'niebla.md'],
      ['calma', 0, 'mar.md'],
    ]);
  });

  it('counts a question as found when any of its chosen notes is in the top 5', async () => {
    const rank = () => ['x.md', 'y.md', 'z.md', 'u.md', 'v.md', 'w.md'];
    const report = await scoreQuestions([{ query: 'q', expected: ['w.md', 'z.md'] }], rank);
    expect(report).toMatchObject({ top5: 1, mrr10: 1 / 3 });
  });

  it('scores no pairs as nothing, not as a division by zero', async () => {
    expect(await scoreQuestions([], () => [])).toEqual({
      count: 0,
      top5: 0,
      mrr10: 0,
      questions: [],
    });
  });
});
