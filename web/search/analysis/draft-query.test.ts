import { describe, expect, it } from 'vitest';
import { DRAFT_QUERY_MAX_WORDS, draftQuery } from './draft-query.ts';

describe('draftQuery', () => {
  it('keeps the informative words of a message and drops stop-words and chat filler', () => {
    expect(draftQuery('Hola, ¿qué sabes de la bóveda y del faro?')).toBe('bóveda faro');
  });

  it('returns null for a command, so typing /buscar or --unir searches nothing', () => {
    expect(draftQuery('/buscar faro')).toBeNull();
    expect(draftQuery('--unir Tesis')).toBeNull();
  });

  it('returns null when no word is worth searching', () => {
    expect(draftQuery('hola, ¿y eso?')).toBeNull();
    expect(draftQuery('ok 42')).toBeNull();
    expect(draftQuery('')).toBeNull();
  });

  it('ignores URLs', () => {
    expect(draftQuery('mira https://ejemplo.com/ruta/larga faro')).toBe('mira faro');
  });

  it('counts a word once whatever its accents or case', () => {
    expect(draftQuery('Sueño sueno SUEÑO jardín')).toBe('Sueño jardín'.toLowerCase());
  });

  it('caps a long draft at the most repeated and longest words, in the order written', () => {
    const filler = Array.from(
      { length: 40 },
      (_, i) => `palabra${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    const draft = `faro ${filler.join(' ')} faro faro arquitectura`;
    const query = draftQuery(draft)!.split(' ');
    expect(query).toHaveLength(DRAFT_QUERY_MAX_WORDS);
    expect(query[0]).toBe('faro');
    expect(query).toContain('arquitectura');
  });
});
