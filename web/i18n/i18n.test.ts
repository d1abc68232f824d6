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

  it('say «arnés», not harness, in Spanish, and place accents as Spanish does', () => {
    for (const [key, text] of Object.entries(es)) {
      expect(text, key).not.toMatch(/\bharness\b/i);
      // An imperative with a pronoun attached keeps its stress: proponlo, not propónlo.
      expect(text, key).not.toMatch(/propónl|pónl/);
    }
  });

  it('tell how to allow a private address when /extraer refuses one', () => {
    expect(es['error.url_refused.private']).toContain('extract.allowPrivateAddresses');
    expect(en['error.url_refused.private']).toContain('extract.allowPrivateAddresses');
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
