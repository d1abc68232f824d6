import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { parseLocale, translate } from './translate.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n dictionaries', () => {
  it('have exactly the same keys in Spanish and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
  });

  it('have no empty messages', () => {
    for (const [key, text] of [...Object.entries(es), ...Object.entries(en)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(es) as (keyof typeof es)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(es[key]));
    }
  });
});

describe('translate', () => {
  it('fills placeholders with the given values', () => {
    expect(translate(es, 'home.vault', { name: 'SOMA' })).toBe('Bóveda: SOMA');
  });

  it('leaves unknown placeholders as written', () => {
    expect(translate(es, 'home.vault', {})).toBe('Bóveda: {name}');
  });

  it('treats any stored locale other than en as Spanish', () => {
    expect(parseLocale('en')).toBe('en');
    expect(parseLocale('fr')).toBe('es');
    expect(parseLocale(null)).toBe('es');
  });
});
