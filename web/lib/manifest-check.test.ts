import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { ManifestSchema } from '../../common/api-schemas.ts';
import { anyField as field, mostly as mostlyGood } from '../../testing/web/near-json.ts';
import { checkManifest, plainManifest } from './manifest-check.ts';

/** Mostly the right type, sometimes anything else. */
const mostly = (good: fc.Arbitrary<unknown>) => mostlyGood(good, 8);
/** An entry's fields, each mostly right, one sometimes missing, sometimes one more. */
const entryLike = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(fields).map(([k, a]) => [k, mostly(a)]))),
      fc.option(fc.constantFrom(...Object.keys(fields))),
      fc.option(fc.tuple(fc.string(), field)),
    )
    .map(([entry, missing, extra]) => {
      const out: Record<string, unknown> = { ...entry };
      if (missing !== null) delete out[missing];
      if (extra !== null) out[extra[0]] = extra[1];
      return out;
    });
const noteFields = {
  path: fc.string(),
  size: fc.nat(),
  mtime: fc.double({ noNaN: true, noDefaultInfinity: true }),
  hash: fc.string(),
};
const skippedFields = {
  path: fc.string(),
  size: fc.nat(),
  mtime: fc.double({ noNaN: true, noDefaultInfinity: true }),
  reason: fc.constantFrom('binary', 'not_utf8', 'too_large', 'not_markdown', 'other'),
};
const manifestFields = {
  notes: mostly(fc.array(mostly(entryLike(noteFields)), { maxLength: 4 })),
  skipped: mostly(fc.array(mostly(entryLike(skippedFields)), { maxLength: 3 })),
  extra: field,
};
const manifestLike = fc.oneof(
  { arbitrary: fc.record(manifestFields, { requiredKeys: ['notes', 'skipped'] }), weight: 4 },
  fc.record(manifestFields, { requiredKeys: [] }),
  fc.jsonValue(),
);

describe('manifest-check', () => {
  it('accepts by hand only what the schema accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(manifestLike, (json) => {
        const fast = plainManifest(json);
        if (fast === undefined) return;
        accepted++;
        const schema = safeParse(ManifestSchema, json);
        expect(schema.success).toBe(true);
        expect(fast).toStrictEqual(schema.data);
      }),
      { numRuns: 5000 },
    );
    // The property means something only if the hand check says yes often enough: about 4%
    // of the runs (170–227 of 5,000 over 40 seeds; a bound of 200 failed one run in three).
    expect(accepted).toBeGreaterThan(100);
  });

  it('takes the hand check for every well-formed manifest, extra keys and all', () => {
    const good = (fields: Record<string, fc.Arbitrary<unknown>>) =>
      fc
        .tuple(fc.record(fields), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }))
        .map(([entry, extra]) => ({ ...extra, ...entry }));
    fc.assert(
      fc.property(
        fc.array(good(noteFields), { maxLength: 5 }),
        fc.array(good({ ...skippedFields, reason: fc.constantFrom('binary', 'too_large') }), {
          maxLength: 3,
        }),
        (notes, skipped) => {
          const json = { notes, skipped, more: 1 };
          const fast = plainManifest(json);
          expect(fast).toBeDefined();
          expect(fast).toStrictEqual(safeParse(ManifestSchema, json).data);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves everything else to the schema: its verdict and its words', () => {
    const ok = { notes: [{ path: 'a.md', size: 1, mtime: 2, hash: 'h' }], skipped: [] };
    expect(checkManifest(ok)).toEqual({ ok: true, data: ok });
    for (const bad of [
      { notes: [{ path: 'a.md', size: -1, mtime: 2, hash: 'h' }], skipped: [] },
      { notes: [{ path: 'a.md', size: 1.5, mtime: 2, hash: 'h' }], skipped: [] },
      { notes: [], skipped: [{ path: 'b.png', size: 1, mtime: 2, reason: 'huge' }] },
      { notes: [] },
      null,
    ]) {
      const checked = checkManifest(bad);
      expect(checked.ok).toBe(false);
      const schema = safeParse(ManifestSchema, bad);
      expect(checked).toEqual({ ok: false, message: schema.error?.message });
    }
  });
});
