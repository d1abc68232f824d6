import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lengthBatches } from './length-batches.ts';

describe('server/embeddings/length-batches', () => {
  it('groups texts of similar length and keeps a long one apart', () => {
    expect(lengthBatches([10, 40, 11, 12, 39])).toEqual([
      [0, 2, 3],
      [4, 1],
    ]);
  });

  it('cuts a run when its padded tokens would pass the budget', () => {
    expect(lengthBatches([500, 500, 500, 500, 500], 1.25, 2048)).toEqual([[0, 1, 2, 3], [4]]);
    expect(lengthBatches([3000], 1.25, 2048)).toEqual([[0]]);
  });

  it('puts every index in exactly one run, each run within the spread and the budget', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 40 }), (lengths) => {
        const runs = lengthBatches(lengths, 1.25, 2048);
        expect(runs.flat().sort((a, b) => a - b)).toEqual(lengths.map((_, i) => i));
        for (const run of runs) {
          const lens = run.map((i) => lengths[i] as number);
          const [min, max] = [Math.min(...lens), Math.max(...lens)];
          expect(max).toBeLessThanOrEqual(min * 1.25);
          if (run.length > 1) expect(run.length * max).toBeLessThanOrEqual(2048);
        }
      }),
    );
  });
});
