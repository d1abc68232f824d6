import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYNAPSE_MISSING, wordMissingMarker } from '../../common/synapse-line.ts';
import { parseWikilinks } from '../../common/wikilinks.ts';
import { normalizeVaultPath } from '../vault/vault-path.ts';
import {
  excerptAround,
  MAX_EXCERPT_CHARS,
  MAX_SLUG_CHARS,
  slugify,
  synapseLine,
} from './proposal-content.ts';

describe('slugify', () => {
  it('folds accents and case into ASCII words joined by hyphens', () => {
    expect(slugify('¿Qué es la Memoria de Trabajo?')).toBe('que-es-la-memoria-de-trabajo');
    expect(slugify('Sue\u0303ños y ÑANDÚ')).toBe('suenos-y-nandu');
    expect(slugify('???')).toBe('nota');
  });

  it('is always one safe, visible path segment of at most 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_CHARS);
        expect(normalizeVaultPath(`05_Salida/2026-01-01-${slug}.md`)).toBe(
          `05_Salida/2026-01-01-${slug}.md`,
        );
      }),
    );
  });
});

describe('excerptAround', () => {
  it('takes the sentence (or list line) around the link, on one line', () => {
    const text = 'Primera frase. Esto   enlaza con [[Tesis]]\tde verdad. Otra.\n- y [[Idea]]\n';
    const [tesis, idea] = parseWikilinks(text);
    expect(excerptAround(text, tesis!)).toBe('Esto enlaza con [[Tesis]] de verdad.');
    expect(excerptAround(text, idea!)).toBe('- y [[Idea]]');
  });

  it('never exceeds the limit, never spans lines, and keeps the link when it fits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), (a, b) => {
        const text = `${a}[[Nota]]${b}`;
        const link = parseWikilinks(text).find((l) => l.raw === '[[Nota]]');
        fc.pre(link !== undefined);
        const excerpt = excerptAround(text, link!);
        expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARS);
        expect(excerpt).not.toMatch(/[\n\r]/);
      }),
    );
  });
});

describe('synapseLine', () => {
  const line = (resolved: string | null, label = 'Portátil') =>
    synapseLine({
      time: Date.UTC(2026, 11, 5),
      session: { id: 's1', label },
      raw: '[[Faro|el faro]]',
      resolved,
      excerpt: 'Un [[Faro|el faro]] en la niebla.',
    });

  it('writes the Spanish marker for a link to no note, the field the UI words', () => {
    expect(line(null)).toBe(
      `2026-12-05T00:00:00.000Z | Portátil (s1) | [[Faro|el faro]] | ${SYNAPSE_MISSING} | Un [[Faro|el faro]] en la niebla.`,
    );
    expect(wordMissingMarker(line(null), '(did not exist)')).toContain(' | (did not exist) | ');
    expect(wordMissingMarker(line(null, 'Móvil | casa'), 'X')).not.toContain(SYNAPSE_MISSING);
  });

  it('writes the resolved note otherwise, which the UI leaves alone', () => {
    const found = line('04_Sueños/Faro.md');
    expect(wordMissingMarker(found, '(did not exist)')).toBe(found);
  });
});
