import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { ExportLineSchema } from '../../common/chat-schemas.ts';
import { anyField as field, mostly } from '../../testing/web/near-json.ts';
import { checkExportLine, plainNoteLine } from './export-line.ts';

const KEYS = ['path', 'content', 'hash', 'mtime', 'size'] as const;
/** A note's fields, each mostly right, one of them sometimes missing, sometimes one more. */
const noteLike = fc
  .tuple(
    fc.record({
      path: mostly(fc.string()),
      content: mostly(fc.string()),
      hash: mostly(fc.string()),
      mtime: mostly(fc.double()),
      size: mostly(fc.nat()),
    }),
    fc.option(fc.constantFrom(...KEYS)),
    fc.option(field),
  )
  .map(([note, missing, extra]) => {
    const out: Record<string, unknown> = { ...note };
    if (missing !== null) delete out[missing];
    if (extra !== null) out.extra = extra;
    return out;
  });
const lineLike = fc.oneof(
  fc.record({ note: fc.oneof(noteLike, field) }, { requiredKeys: [] }),
  fc.record({ note: noteLike, end: fc.record({ count: fc.integer() }) }),
  fc.record({ end: fc.record({ count: field }) }),
  fc.array(noteLike, { maxLength: 2 }),
  fc.jsonValue(),
);
const goodNote = fc.record({
  path: fc.string(),
  content: fc.string(),
  hash: fc.string(),
  mtime: fc.double({ noNaN: true, noDefaultInfinity: true }),
  size: fc.nat(),
});

describe('export-line', () => {
  it('accepts by hand only what the schema accepts, with the same result', () => {
    fc.assert(
      fc.property(lineLike, (json) => {
        const fast = plainNoteLine(json);
        if (fast === undefined) return;
        const schema = safeParse(ExportLineSchema, json);
        expect(schema.success).toBe(true);
        expect({ note: fast }).toStrictEqual(schema.data);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the hand check for every well-formed note line, extra keys and all', () => {
    fc.assert(
      fc.property(goodNote, fc.dictionary(fc.string(), fc.jsonValue()), (note, extra) => {
        const json = { ...extra, note: { ...extra, ...note } };
        expect(plainNoteLine(json)).toStrictEqual(
          (safeParse(ExportLineSchema, json).data as { note?: unknown } | undefined)?.note,
        );
        expect(plainNoteLine(json)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves everything else to the schema: its verdict and its words', () => {
    expect(checkExportLine({ end: { count: 3 } })).toEqual({
      ok: true,
      line: { end: { count: 3 } },
    });
    const bad = checkExportLine({ note: { path: 'a.md' } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toBe(
      !safeParse(ExportLineSchema, { note: { path: 'a.md' } }).success &&
        safeParse(ExportLineSchema, { note: { path: 'a.md' } }).error?.message,
    );
  });
});
