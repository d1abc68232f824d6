import { describe, expect, it } from 'vitest';
import { exportStream } from './vault-export.ts';

describe('exportStream', () => {
  const note = (path: string) => ({ path, content: `# ${path}`, hash: 'h', mtime: 1, size: 3 });

  it('sends one line per note, then the count', async () => {
    async function* notes() {
      yield note('a.md');
      yield note('b.md');
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
      yield note('a.md');
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
      for (let i = 0; i < 300; i++) yield { ...note(`n${i}.md`), content: body };
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
});
