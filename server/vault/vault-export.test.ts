import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NoteContent } from '../../common/chat-schemas.ts';
import { exportStream } from './vault-export.ts';

/** A note as the vault yields it for the export: its text as UTF-8 bytes. */
const asExported = (n: NoteContent) => {
  const { content, ...rest } = n;
  return { ...rest, utf8: new TextEncoder().encode(content) };
};

describe('exportStream', () => {
  const note = (path: string) => ({ path, content: `# ${path}`, hash: 'h', mtime: 1, size: 3 });

  it('sends one line per note, then the count', async () => {
    async function* notes() {
      yield asExported(note('a.md'));
      yield asExported(note('b.md'));
    }
    const text = await new Response(exportStream(notes())).text();
    expect(text.split('\n')).toEqual([
      JSON.stringify({ note: note('a.md') }),
      JSON.stringify({ note: note('b.md') }),
      JSON.stringify({ end: { count: 2 } }),
      '',
    ]);
  });

  it('ends without the count when reading fails, so the client knows it was cut short', async () => {
    async function* notes() {
      yield asExported(note('a.md'));
      throw new Error('disco');
    }
    const reader = exportStream(notes()).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"a.md"');
    await expect(reader.read()).rejects.toThrow('disco');
  });
  it('sends many notes in pieces of whole lines, every note once, then the count', async () => {
    const body = 'palabra '.repeat(400);
    async function* notes() {
      for (let i = 0; i < 300; i++) yield asExported({ ...note(`n${i}.md`), content: body });
    }
    const reader = exportStream(notes()).getReader();
    const pieces: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      pieces.push(new TextDecoder().decode(r.value));
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.length).toBeLessThan(300);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
    const lines = pieces
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(301);
    expect(lines.slice(0, 300).map((l) => l.note.path)).toEqual(
      Array.from({ length: 300 }, (_, i) => `n${i}.md`),
    );
    expect(lines[300]).toEqual({ end: { count: 300 } });
  });

  it('writes each note line as JSON.stringify({ note }) of the note read as text would', async () => {
    const noteArb = fc.record({
      path: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      content: fc.string({ unit: 'grapheme', maxLength: 300 }),
      hash: fc.stringMatching(/^[0-9a-f]{64}$/),
      mtime: fc.double({ min: 0, max: 4e12, noNaN: true }),
      size: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(noteArb, { maxLength: 5 }), async (list) => {
        async function* notes() {
          for (const n of list) yield asExported(n);
        }
        const text = await new Response(exportStream(notes())).text();
        expect(text).toBe(
          [...list.map((n) => ({ note: n })), { end: { count: list.length } }]
            .map((l) => `${JSON.stringify(l)}\n`)
            .join(''),
        );
      }),
      { numRuns: 300 },
    );
  });
});
