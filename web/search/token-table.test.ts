import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntList } from './int-list.ts';
import { words, wordText } from './spanish-analyzer.ts';
import { TokenTable } from './token-table.ts';

/** The words a table finds in `text`, as strings. */
function scanned(table: TokenTable, text: string): string[] {
  const ids = new IntList();
  table.scan(wordText(text), ids);
  return Array.from(ids.items.subarray(0, ids.length), (id) => table.tokens[id]!);
}

describe('web/search/token-table', () => {
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
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ unit: 'binary' })), { maxLength: 40 }),
        (parts) => {
          const text = parts.join('');
          expect(scanned(table, text)).toEqual(words(text));
        },
      ),
      { numRuns: 2000 },
    );
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
