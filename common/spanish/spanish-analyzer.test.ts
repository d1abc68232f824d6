import { describe, expect, it } from 'vitest';
import { foldText as foldTerm } from '../fold-text.ts';
import { analyzeQuery, indexTerms, isStopWord, words } from './spanish-analyzer.ts';

/** True when some index term of `a` is one of `b`'s: the two words find each other. */
const meet = (a: string, b: string) => indexTerms(a).some((t) => indexTerms(b).includes(t));
/** True when a query for `a` (with its other forms) finds a note that says `b`. */
const queryMeets = (a: string, b: string) => {
  const [w] = analyzeQuery(a);
  return [...(w?.terms ?? []), ...(w?.related ?? [])].some((t) => indexTerms(b).includes(t));
};

describe('common/spanish/spanish-analyzer', () => {
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
  ])('keeps %s and %s apart in the index (Snowball keeps irregular pairs apart)', (a, b) => {
    expect(meet(a, b)).toBe(false);
  });

  it.each([
    ['cerrar', 'cierra'],
    ['volver', 'vuelve'],
    ['mostrar', 'muestra'],
    ['encontrar', 'encuentran'],
    ['dormir', 'duerme'],
    ['pedir', 'pide'],
    ['servir', 'sirve'],
    ['convertir', 'convierte'],
    ['requerir', 'requiere'],
    ['repetir', 'repite'],
    ['mover', 'mueve'],
    ['usar', 'usa'],
    ['usar', 'usado'],
    ['abrir', 'abre'],
    ['leer', 'lee'],
    ['imagen', 'imágenes'],
    ['vez', 'veces'],
    ['interfaz', 'interfaces'],
    ['raíz', 'raíces'],
    ['gran', 'grande'],
    ['primer', 'primero'],
  ])('joins %s and %s at query time, whichever is typed', (a, b) => {
    expect(queryMeets(a, b)).toBe(true);
    expect(queryMeets(b, a)).toBe(true);
  });

  it.each([
    ['leer', 'lectura'],
    ['nadar', 'natación'],
    ['cerrar', 'cero'],
    ['mostrar', 'mesa'],
    ['red', 'reducir'],
    ['usar', 'usuario'],
    ['servir', 'servidor'],
  ])('does not join %s and %s, which share letters but not a word', (a, b) => {
    expect(queryMeets(a, b)).toBe(false);
    expect(queryMeets(b, a)).toBe(false);
  });

  it('weighs a word as typed above its other forms, kept apart in `related`', () => {
    const [w] = analyzeQuery('cerrar');
    expect(w?.terms).toEqual(['cerr', 'cerrar']);
    expect(w?.related).toContain('cierr');
    expect(w?.related).not.toContain('cerr');
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
