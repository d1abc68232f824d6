/**
 * A small seeded PRNG (mulberry32): numbers in [0, 1), the same sequence for the same
 * seed, so a randomised test or benchmark can be repeated exactly.
 */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed in environment variable `name`, or `fallback` when it is unset: a fixed
 * default keeps runs repeatable, the variable replays or varies one.
 *
 * @throws Error naming the variable when it holds anything but a non-negative integer
 */
export function seedFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,10}$/.test(raw)) throw new Error(`${name} debe ser un entero ≥ 0, no "${raw}"`);
  return Number(raw);
}
