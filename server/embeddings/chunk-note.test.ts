import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkNote, noteTitle } from './chunk-note.ts';

const para = (word: string, n: number) => `${Array.from({ length: n }, () => word).join(' ')}.`;

describe('server/embeddings/chunk-note', () => {
  it('prefixes each chunk with the title and the heading path', () => {
    const body = `# Viajes\n\n## Coches\n\n${para('motor', 60)}\n\n## Trenes\n\n${para('vía', 80)}\n`;
    const chunks = chunkNote('Transporte', body);
    expect(chunks.map((c) => c.heading)).toEqual(['Viajes › Coches', 'Viajes › Trenes']);
    expect(chunks[0]?.text).toMatch(/^Transporte › Viajes › Coches\n\n# Viajes\n\n## Coches/);
  });

  it('keeps character ranges that point back into the body', () => {
    const body = `Intro ${para('uno', 50)}\n\n# A\n\n${para('dos', 200)}\n\n${para('tres', 200)}`;
    for (const c of chunkNote('n', body)) {
      expect(c.text.endsWith(body.slice(c.start, c.end).trim())).toBe(true);
    }
  });

  it('packs short paragraphs together and keeps chunks within 1000 characters', () => {
    const body = Array.from({ length: 30 }, (_, i) => para(`p${i}`, 20)).join('\n\n');
    const chunks = chunkNote('n', body);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(15);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(1000);
  });

  it('never cuts inside a code fence, even a long one with blank lines and # lines', () => {
    const code = [
      '```sh',
      ...Array.from({ length: 80 }, (_, i) => (i % 5 ? `echo ${i}` : '')),
      '# no heading',
      '```',
    ].join('\n');
    const body = `${para('antes', 100)}\n\n${code}\n\n${para('después', 100)}`;
    const chunks = chunkNote('n', body);
    const holder = chunks.find((c) => body.slice(c.start, c.end).includes('```sh'));
    expect(holder && body.slice(holder.start, holder.end)).toContain('# no heading\n```');
    expect(chunks.every((c) => c.heading === '')).toBe(true);
  });

  it('splits one huge paragraph at sentence ends', () => {
    const body = Array.from(
      { length: 40 },
      (_, i) => `Frase número ${i} con algo de texto aquí.`,
    ).join(' ');
    const chunks = chunkNote('n', body);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(body.slice(c.start, c.end).trim()).toMatch(/\.$/);
  });

  it('gives an empty note no chunks and a short note one', () => {
    expect(chunkNote('n', '  \n\n')).toEqual([]);
    expect(chunkNote('n', 'hola')).toHaveLength(1);
  });

  it('covers every non-blank character of any body exactly once', () => {
    const line = fc.oneof(
      fc.constant(''),
      fc.constant('# T'),
      fc.constant('```'),
      fc.string({ maxLength: 120 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const body = lines.join('\n');
        const chunks = chunkNote('n', body);
        let last = 0;
        for (const c of chunks) {
          expect(c.start).toBeGreaterThanOrEqual(last);
          expect(body.slice(last, c.start).trim()).toBe('');
          last = c.end;
        }
        expect(body.slice(last).trim()).toBe('');
      }),
    );
  });

  it('takes the title from the file name', () => {
    expect(noteTitle('03_Proyectos/Coche nuevo.md')).toBe('Coche nuevo');
  });
});
