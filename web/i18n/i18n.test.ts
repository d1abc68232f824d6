import { describe, expect, it } from 'vitest';
import { embedEn } from './embed-en.ts';
import { embedEs, embedPart } from './embed-es.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { harnessEn } from './harness-en.ts';
import { harnessEs, harnessPart } from './harness-es.ts';
import { qualityEn } from './quality-en.ts';
import { qualityEs, qualityPart } from './quality-es.ts';
import { parseLocale, translate } from './translate.ts';
import type { WordPart, Words } from './word-part.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The main dictionary, and the parts that load apart from it. */
const parts: { name: string; es: Words; en: Words; part?: WordPart }[] = [
  { name: 'main', es, en },
  { name: 'harness', es: harnessEs, en: harnessEn, part: harnessPart },
  { name: 'embed', es: embedEs, en: embedEn, part: embedPart },
  { name: 'quality', es: qualityEs, en: qualityEn, part: qualityPart },
];
const apart = parts.filter((p) => p.part);

describe.each(parts)('i18n dictionaries ($name)', ({ es, en }) => {
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

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(es)) {
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(es[key] ?? ''));
    }
  });
});

describe('i18n dictionaries', () => {
  it('tell how to allow a private address when /extraer refuses one', () => {
    expect(es['error.url_refused.private']).toContain('extract.allowPrivateAddresses');
    expect(en['error.url_refused.private']).toContain('extract.allowPrivateAddresses');
  });

  it('hold every key in one part only, so the first page carries none of the parts', () => {
    const all = parts.flatMap((p) => Object.keys(p.es));
    expect(all.length).toBe(new Set(all).size);
  });
});

describe.each(apart)('wordPart ($name)', ({ es, en, part }) => {
  it('loads its English words for en and its Spanish ones for es', async () => {
    expect(await part?.load('en')).toBe(en);
    expect(await part?.load('es')).toBe(es);
  });

  it('knows its words among others, and not without them', () => {
    expect(part?.isIn({ ...parts[0]?.es, ...es })).toBe(true);
    expect(part?.isIn(parts[0]?.es ?? {})).toBe(false);
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
