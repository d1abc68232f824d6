import fc from 'fast-check';

/**
 * Values a parsed JSON answer's field might hold, right or wrong: every JSON type, and
 * the numbers a hand check must refuse as a schema does (NaN, infinities, -0, unsafe
 * integers, negatives, fractions). For the fast-check tests that hold a hand check to its
 * schema (export-line, manifest-check).
 */
export const anyField = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    2 ** 53,
    -1,
    1.5,
  ),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

/** Mostly `good`, one time in `1 + weight` anything else. */
export const mostly = (good: fc.Arbitrary<unknown>, weight = 6) =>
  fc.oneof({ arbitrary: good, weight }, { arbitrary: anyField, weight: 1 });
