import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstParagraph } from './note-document.ts';

/** The first paragraph as it was found before, from every line of the body. */
function fromAllLines(body: string): string {
  const lines: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '>') {
      if (lines.length > 0) break;
      continue;
    }
    if (/^(#{1,6}\s|```|~~~|---|\*\*\*|\||!\[)/.test(line)) {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(line.replace(/^>\s?/, ''));
  }
  return lines.join('\n');
}

describe('web/search/analysis/note-document', () => {
  it('finds the first paragraph of prose, quote markers removed', () => {
    expect(firstParagraph('# Título\n\n> Resumen en\n> dos líneas\n\nResto')).toBe(
      'Resumen en\ndos líneas',
    );
    expect(firstParagraph('')).toBe('');
    expect(firstParagraph('solo\n')).toBe('solo');
  });

  it('reads the body line by line as far as it needs, with the same result as from all its lines', () => {
    const pieces = fc.constantFrom(
      '\n',
      '\r\n',
      ' ',
      '>',
      '> ',
      '# ',
      '## x',
      '```',
      '---',
      '|',
      '![',
      'a',
      'ñ',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const body = parts.join('');
        expect(firstParagraph(body)).toBe(fromAllLines(body));
      }),
      { numRuns: 3000 },
    );
  });
});
