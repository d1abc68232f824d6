import { describe, expect, it } from 'vitest';
import { foldText as foldTerm } from '../../common/fold-text.ts';
import { analyzeQuery, indexTerms, isStopWord, words } from './spanish-analyzer.ts';

/** True when some index term of `a` is one of `b`'s: the two words find each other. */
const meet = (a: string, b: string) => indexTerms(a).some((t) => indexTerms(b).includes(t));

describe('web/search/spanish-analyzer', () => {
  it('folds case and accents, ñ included', () => {
    expect(foldTerm('CORAZÓN Sueño')).toBe('corazon sueno');
    expect(meet('bóveda', 'BOVEDA')).toBe(true);
    expect(meet('niñez', 'ninez')).toBe(true);
  });

  it('reads decomposed text (n + combining tilde) as its NFC form', () => {
    expect(words('Sue\u006e\u0303o')).toEqual(['sueño']);
  });

  it.each([
    ['recuperar', 'recuperación'],
    ['recuperar', 'recuperacion'],
    ['canción', 'canciones'],
    ['cancion', 'canciones'],
    ['tomate', 'tomates'],
    ['meditar', 'meditación'],
    ['organizar', 'organizacion'],
    ['entrenar', 'entrenamiento'],
    ['programar', 'programación'],
    ['ahorrar', 'ahorro'],
    ['jardín', 'jardinería'],
    ['viaje', 'viajar'],
  ])('stems %s and %s to the same term', (a, b) => {
    expect(meet(a, b)).toBe(true);
  });

  it.each([
    ['leer', 'lectura'],
    ['nadar', 'natación'],
    ['dormir', 'duermo'],
  ])('does not conflate %s and %s (Snowball keeps irregular pairs apart)', (a, b) => {
    expect(meet(a, b)).toBe(false);
  });

  it('drops stop-words from queries, unless nothing else is left', () => {
    expect(isStopWord('Cómo')).toBe(true);
    expect(analyzeQuery('¿Cómo recupero la tesis?').map((w) => w.word)).toEqual([
      'recupero',
      'tesis',
    ]);
    expect(analyzeQuery('de la').map((w) => w.word)).toEqual(['de', 'la']);
  });

  it('lets a query word match as typed, for typos the stemmer mangles', () => {
    expect(analyzeQuery('guitara')[0]?.terms).toContain('guitara');
  });

  it('adds the bare stem of a word the stemmer left whole, one edit from the real one', () => {
    expect(analyzeQuery('archvo')[0]?.terms).toEqual(['archvo', 'archv']);
    expect(indexTerms('archivo')).toEqual(['archiv']);
    // Words the stemmer understood get no extra variant.
    expect(analyzeQuery('archivos')[0]?.terms).toEqual(['archiv', 'archivos']);
  });
});
