import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../../common/spanish/spanish-analyzer.ts';
import { relevanceSet } from '../../../testing/web/relevance-set.ts';
import { analyzeQueryWords } from './query-words.ts';
import { SynonymTable } from './synonym-table.ts';

const tldr = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../bench/relevance/tldr-es.json'), 'utf8'),
) as { cases: { query: string }[] };
const queries = [...relevanceSet.map((c) => c.query), ...tldr.cases.map((c) => c.query)];
const synonyms = SynonymTable.from([
  ['carpeta', 'directorio'],
  ['borrar', 'eliminar', 'suprimir'],
]);

describe('analyzeQueryWords', () => {
  it('analyses every relevance-set question as analyzeQuery does, with and without synonyms', () => {
    for (const q of queries) {
      expect(analyzeQueryWords(q)).toEqual(analyzeQuery(q));
      expect(analyzeQueryWords(q, synonyms)).toEqual(analyzeQuery(q, synonyms));
    }
  });

  it('and any text of words, stop-words, accents, digits and marks', () => {
    const word = fc.constantFrom(
      'de',
      'la',
      'qué',
      'cómo',
      'el',
      'borrar',
      'carpetas',
      'Niñez',
      'guitara',
      'organizacion',
      'cerrar',
      'año',
      'x2',
      '¿dónde',
      'e\u0301l',
      'ARCHVO',
      'eliminé',
      'ver',
      'solo',
      '😀',
    );
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 7 }),
        fc.constantFrom(' ', ', ', '-', '  '),
        (ws, sep) => {
          const q = ws.join(sep);
          expect(analyzeQueryWords(q)).toEqual(analyzeQuery(q));
          expect(analyzeQueryWords(q, synonyms)).toEqual(analyzeQuery(q, synonyms));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('analyses a word once per synonym table, and hands out analyses nobody can change', () => {
    const [first] = analyzeQueryWords('carpetas');
    const [again] = analyzeQueryWords('mis carpetas');
    expect(again).toBe(first);
    expect(analyzeQueryWords('carpetas', synonyms)[0]).not.toBe(first);
    expect(analyzeQueryWords('carpetas', synonyms)[0]!.synonyms).toContain('directori');
    expect(() => first!.terms.push('x')).toThrow(TypeError);
  });
});
