import { describe, expect, it } from 'vitest';
import { analyzeQuery, termsOf } from '../../../common/spanish/spanish-analyzer.ts';
import { SynonymTable } from './synonym-table.ts';

const table = SynonymTable.from([
  ['ordenador', 'computadora'],
  ['comando', 'orden'],
  ['borrar', 'eliminar'],
  ['carpeta', 'directorio'],
]);
const synonymsOf = (word: string) => analyzeQuery(word, table)[0]?.synonyms ?? [];

describe('web/search/engine/synonym-table', () => {
  it('expands a word of a group to the index terms of the others', () => {
    expect(synonymsOf('carpeta')).toEqual(termsOf('directorio'));
    expect(synonymsOf('computadora')).toEqual(termsOf('ordenador'));
  });

  it('matches a group word in its inflections, typed with or without accents', () => {
    expect(synonymsOf('carpetas')).toEqual(termsOf('directorio'));
    expect(synonymsOf('Directorios')).toEqual(termsOf('carpeta'));
    expect(synonymsOf('eliminé')).toEqual(termsOf('borrar'));
    expect(synonymsOf('borrando')).toEqual(termsOf('eliminar'));
    expect(synonymsOf('computadoras')).toEqual(termsOf('ordenador'));
  });

  it('does not join groups whose words only share a stem', () => {
    // `ordenador` and `orden` stem alike, as do `comando` and `comer`.
    expect(synonymsOf('orden')).toEqual(termsOf('comando'));
    expect(synonymsOf('ordenador')).toEqual(termsOf('computadora'));
    expect(synonymsOf('comer')).toEqual([]);
    expect(synonymsOf('coma')).toEqual([]);
  });
});
