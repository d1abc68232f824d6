import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntList } from './int-list.ts';
import { words, wordText } from './spanish-analyzer.ts';
import { FAST_END, TokenTable } from './token-table.ts';

/** The words a table finds in `text`, as strings: by `scan` of `wordText`, or by `scanWordText`. */
function scanned(table: TokenTable, text: string, lowering = false): string[] {
  const ids = new IntList();
  if (lowering) table.scanWordText(text, ids);
  else table.scan(wordText(text), ids);
  return Array.from(ids.items.subarray(0, ids.length), (id) => table.tokens[id]!);
}

describe('common/spanish/token-table', () => {
  it('finds the words `words` finds, numbering each once', () => {
    const table = new TokenTable();
    const text = 'El faro, el FARO y la niebla: ñandú 3D; mañana… café\u0301 𝒜lgebra 😀x x';
    expect(scanned(table, text)).toEqual(words(text));
    expect(scanned(table, text)).toEqual(words(text));
    const ids = new IntList();
    table.scan(wordText('faro faro niebla'), ids);
    expect(ids.items[0]).toBe(ids.items[1]);
    expect(table.size).toBe(new Set(words(text)).size);
  });

  it('agrees with `words` on any text, surrogates and marks included', () => {
    const table = new TokenTable();
    const lowering = new TokenTable();
    const pieces = fc.constantFrom(
      'a',
      'Á',
      'ñ',
      'e\u0301',
      ' ',
      ',',
      '-',
      '3',
      '\n',
      '𝒜',
      '😀',
      '\ud800',
      '\udc00',
      'ß',
      'İ',
      'ǅ',
      '¿',
      '·',
      'Ⱥ',
      'Ⱦ',
      'FARO',
      'Ñandú',
      '=\u0338',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ unit: 'binary' })), { maxLength: 40 }),
        (parts) => {
          const text = parts.join('');
          expect(scanned(table, text)).toEqual(words(text));
          expect(scanned(lowering, text, true)).toEqual(words(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lowers the words of a text below U+0300 as `wordText` would, unit by unit', () => {
    // What `scanWordText`'s shortcut rests on: below FAST_END, NFC changes no
    // pair of units and lower case maps each unit on its own.
    const lower = (u: number) => String.fromCharCode(u).toLowerCase();
    for (let a = 0; a < FAST_END; a++) {
      for (let b = 0; b < FAST_END; b++) {
        const pair = String.fromCharCode(a, b);
        if (pair.normalize('NFC') !== pair) expect.fail(`NFC changes ${a}, ${b}`);
        if (pair.toLowerCase() !== lower(a) + lower(b)) expect.fail(`lower case of ${a}, ${b}`);
      }
    }
    const table = new TokenTable();
    const text = 'El FARO, el faro y la Niebla: ÑANDÚ 3D; MAÑANA. café';
    expect(scanned(table, text, true)).toEqual(words(text));
    // Past the range (a combining mark, an ellipsis), the whole text is scanned the
    // long way, and a word cut short by the mark («cafe») is no word of the table.
    for (const marked of [`${text} Cafe\u0301 FARO`, `${text}… fin`]) {
      expect(scanned(table, marked, true)).toEqual(words(marked));
      expect(table.tokens).toEqual(
        [...new Set(words(`${text} Cafe\u0301 FARO… fin`))].slice(0, table.size),
      );
    }
    expect(table.tokens).not.toContain('cafe');
  });

  it('keeps every word apart past many rehashes', () => {
    const table = new TokenTable();
    const many = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
    expect(scanned(table, many.join(' '))).toEqual(many);
    expect(table.size).toBe(many.length);
    expect(scanned(table, many.slice(0, 100).reverse().join('.'))).toEqual(
      many.slice(0, 100).reverse(),
    );
    expect(table.size).toBe(many.length);
  });
});
