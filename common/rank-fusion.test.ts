import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './rank-fusion.ts';

describe('common/rank-fusion', () => {
  it('sums 1 / (k + rank) over the lists, as computed by hand for k = 60', () => {
    const fused = reciprocalRankFusion(
      [{ keys: ['a', 'b', 'c'] }, { keys: ['c', 'd'] }, { keys: ['b'] }],
      60,
    );
    // a: 1/61; b: 1/62 + 1/61; c: 1/63 + 1/61; d: 1/62.
    expect(fused.map((f) => f.key)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 61, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 62, 12);
    expect(fused[1]!.ranks).toEqual([2, 0, null]);
  });

  it('scales each list by its weight', () => {
    const fused = reciprocalRankFusion(
      [
        { keys: ['a'], weight: 0.25 },
        { keys: ['b'], weight: 0.75 },
      ],
      60,
    );
    expect(fused.map((f) => [f.key, f.score])).toEqual([
      ['b', 0.75 / 61],
      ['a', 0.25 / 61],
    ]);
  });

  it('breaks ties by the first list, then the next', () => {
    const fused = reciprocalRankFusion([{ keys: ['x', 'y'] }, { keys: ['y', 'x', 'z', 'w'] }], 60);
    // x and y tie at 1/61 + 1/62: x is better in the first list. z and w are only in the second.
    expect(fused.map((f) => f.key)).toEqual(['x', 'y', 'z', 'w']);
  });

  it('counts a key listed twice once, at its best rank', () => {
    const fused = reciprocalRankFusion([{ keys: ['a', 'a', 'b'] }], 60);
    expect(fused.map((f) => [f.key, f.score])).toEqual([
      ['a', 1 / 61],
      ['b', 1 / 63],
    ]);
  });
});
