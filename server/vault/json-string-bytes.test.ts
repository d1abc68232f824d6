import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonStringMaxBytes, writeJsonString } from './json-string-bytes.ts';

const viaBytes = (text: string) => {
  const utf8 = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(jsonStringMaxBytes(utf8.length) + 4, 0xff);
  const end = writeJsonString(utf8, out, 2);
  return out.subarray(2, end).toString('utf8');
};

describe('writeJsonString', () => {
  it('writes what JSON.stringify writes, for any well-formed text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(viaBytes(text)).toBe(JSON.stringify(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes every control character, quote and backslash as JSON.stringify does', () => {
    const all = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)).join('');
    const tricky = `${all}\u2028\u2029ñ€😀"\\`;
    expect(viaBytes(tricky)).toBe(JSON.stringify(tricky));
    expect(JSON.parse(viaBytes(tricky))).toBe(tricky);
  });
});
