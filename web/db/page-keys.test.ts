import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { knownPageKey, knowPageKeys, pageKeysChanged } from './page-keys.ts';

afterEach(() => knowPageKeys(null));

describe('web/db/page-keys', () => {
  it('knows no page before it has seen the keys, and learns no change meanwhile', () => {
    expect(knownPageKey('a.md')).toBeUndefined();
    pageKeysChanged([], ['a.md']);
    expect(knownPageKey('a.md')).toBeUndefined();
    knowPageKeys([]);
    expect(knownPageKey('a.md')).toBeUndefined();
  });

  it('names the last page starting at or before a path (the first for a path before all)', () => {
    knowPageKeys(['b', 'd', 'f']);
    expect(['a', 'b', 'c', 'd', 'e', 'z'].map(knownPageKey)).toEqual([
      'b',
      'b',
      'b',
      'd',
      'd',
      'f',
    ]);
  });

  it('follows any drops and puts', () => {
    const key = fc.integer({ min: 0, max: 60 }).map((i) => `k${String(i).padStart(2, '0')}`);
    const write = fc.record({
      dropped: fc.array(key, { maxLength: 8 }),
      put: fc.array(key, { maxLength: 8 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(key), fc.array(write, { maxLength: 10 }), (start, writes) => {
        const model = new Set(start);
        knowPageKeys([...start].sort());
        for (const w of writes) {
          pageKeysChanged(w.dropped, w.put);
          for (const k of w.dropped) model.delete(k);
          for (const k of w.put) model.add(k);
        }
        const sorted = [...model].sort();
        // Every key that could be, and a path just past each: the last page at or before it.
        for (let i = 0; i <= 61; i++) {
          for (const path of [
            `k${String(i).padStart(2, '0')}`,
            `k${String(i).padStart(2, '0')}~`,
          ]) {
            const expected = sorted.filter((k) => k <= path).at(-1) ?? sorted[0];
            expect(knownPageKey(path)).toBe(expected);
          }
        }
      }),
    );
  });
});
