import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom, seedFromEnv } from './seeded-random.ts';

describe('testing/server/seeded-random', () => {
  afterEach(() => {
    delete process.env.SOMA_TEST_SEED;
  });

  it('repeats the same numbers in [0, 1) for the same seed, and others for another', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
    expect(take(7).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('reads the seed from the environment, falls back when unset, and names a bad value', () => {
    expect(seedFromEnv('SOMA_TEST_SEED', 42)).toBe(42);
    process.env.SOMA_TEST_SEED = '123';
    expect(seedFromEnv('SOMA_TEST_SEED', 42)).toBe(123);
    process.env.SOMA_TEST_SEED = 'tres';
    expect(() => seedFromEnv('SOMA_TEST_SEED', 42)).toThrow(/SOMA_TEST_SEED.*tres/);
  });
});
