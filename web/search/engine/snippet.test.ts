import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../common/fold-text.ts';
import { plainText, snippetBody, snippetOf } from './snippet.ts';

/**
 * The snippet as it was cut before words were scanned without a regex
 * (`matchAll` over WORD_RE, every word folded): the reference the faster
 * scan must reproduce exactly, text and marks.
 */
function referenceSnippet(body: string, terms: readonly string[]) {
  const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;
  const wanted = terms.filter((t) => t.length > 0);
  const matches = (word: string) => wanted.some((t) => foldText(word).startsWith(t));
  let first = 0;
  for (const m of body.matchAll(WORD_RE)) {
    if (matches(m[0])) {
      first = m.index;
      break;
    }
  }
  let from = Math.max(0, first - 60);
  if (from > 0) from = body.indexOf(' ', from) + 1 || from;
  const to = Math.min(body.length, from + 200);
  const core = body.slice(from, to).replace(/\s+/g, ' ').trim();
  const text = `${from > 0 ? '…' : ''}${core}${to < body.length ? '…' : ''}`;
  const marks: [number, number][] = [];
  for (const m of text.matchAll(WORD_RE)) {
    if (matches(m[0])) marks.push([m.index, m.index + m[0].length]);
  }
  return { text, marks };
}

/** `plainText` as it was, every step run on every note: the reference for the guarded one. */
const referencePlain = (markdown: string) =>
  markdown
    .replace(/^```.*$/gm, '')
    .replace(
      /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g,
      (_m, target: string, alias?: string) => (alias ?? target).trim(),
    )
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/gm, '$1$2');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? markdownFiles(join(dir, e.name))
      : e.name.endsWith('.md')
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  );
}

/** Text a regex scan and a hand-written one could disagree on. */
const TRICKY = [
  'Ángel y ángeles: él, Él, ÉL; ñandú Ñandú y «año» ¿Qué? ¡Ábrelo!',
  // NFD: the accent is a combining mark after the letter, part of the word.
  'La bo\u0301veda y el corazo\u0301n; \u0301suelto al principio',
  // Letters past the BMP (mathematical bold), emoji inside and between words, lone surrogates.
  '𝐀𝐁𝐂 abc𝐃e faro🌊faro 🌊 \uD800faro fa\uDC00ro \uDBFF\uDFFFmar',
  '12abc 3d versión2 x² ½ mar_mar mar-mar',
  `${'palabra '.repeat(40)}Recuperación de datos ${'otra '.repeat(60)}`,
];

const TERM_SETS = [
  ['angel'],
  ['el', 'an'],
  ['nandu', 'ano'],
  ['que', 'abrel'],
  ['boved', 'corazon'],
  ['abc', 'far', 'mar'],
  ['d', 'e', '3'],
  ['version', 'x', '12'],
  ['recuper', 'dat'],
  ['zzz'],
  [],
  ['', 'far'],
];

describe('web/search/engine/snippet', () => {
  it('cuts the same snippets, with the same marks, as the regex scan it replaced', () => {
    const bodies = [
      ...TRICKY,
      ...markdownFiles(join(import.meta.dirname, '..', 'fixtures')).map(snippetBody),
    ];
    let compared = 0;
    for (const body of bodies) {
      // The terms of this body's own words too (first letters, prefixes, past ASCII).
      const own = [...body.matchAll(/[\p{L}\p{N}\p{M}]+/gu)]
        .filter((_, i) => i % 7 === 3)
        .slice(0, 12)
        .map((m) => foldText(m[0]).slice(0, 5));
      for (const terms of [...TERM_SETS, own, own.slice(2, 4)]) {
        expect(snippetOf(body, terms), JSON.stringify({ body: body.slice(0, 40), terms })).toEqual(
          referenceSnippet(body, terms),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('agrees with the regex scan on any text: cases, accents, marks, ligatures, surrogates', () => {
    // Units whose folding is not what their look suggests: a combining mark after a letter,
    // the Kelvin sign and dotted İ (lower-case to ASCII), ß, a ligature, astral and lone surrogates.
    const unit = fc.constantFrom(
      ...'aAeEmMrRsSoOñÑéÉ19 ,.-_\n',
      '\u0301',
      '\u212A',
      '\u0130',
      'ß',
      'ﬁ',
      '𝐞',
      '\uD835',
      '\uDC1E',
      '🌊',
    );
    const text = fc.array(unit, { maxLength: 80 }).map((u) => u.join(''));
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(text, { maxLength: 2 }),
        (body, picks, extra) => {
          const own = [...body.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => foldText(m[0]));
          const terms = [
            ...picks.map((n) => own[n % Math.max(1, own.length)]?.slice(0, 1 + (n % 3)) ?? 'a'),
            ...extra.map((t) => foldText(t).slice(0, 3)),
          ];
          expect(snippetOf(body, terms)).toEqual(referenceSnippet(body, terms));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('strips Markdown exactly as every step run on every note did', () => {
    const samples = [
      ...TRICKY,
      ...markdownFiles(join(import.meta.dirname, '..', 'fixtures')),
      '# T\n```js\ncode\n```\n> cita **negrita** __sub__ `x` *em* _em_ [[a#b|c]] ![i](u) [t](u)\n1) uno\n- dos',
      '**a** b* c_ d] (e) #f ##g\n  > h\n3. i',
    ];
    for (const md of samples) expect(plainText(md)).toBe(referencePlain(md));
  });
});
