import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportedNotes, exportNotes, textLines } from './read-export.ts';

/** A body arriving in the given byte chunks. */
const body = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });

/** `text` as UTF-8 cut every `size` bytes (through the middle of `ñ` and of lines). */
const cut = (text: string, size: number) => {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
};

/** Everything an iteration of lists gave, in order, one list after another. */
const collect = async <T>(it: AsyncIterable<T[]>) => {
  const out: T[] = [];
  for await (const x of it) out.push(...x);
  return out;
};

const note = (path: string, content: string) => ({ path, content, hash: 'h', mtime: 1, size: 1 });
const ndjson = (lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');

describe('read-export', () => {
  it('splits lines across chunks, characters split between chunks included', async () => {
    const text = 'año uno\nseñal dos\n\núltima';
    for (const size of [1, 2, 3, 7, 100]) {
      expect(await collect(textLines(body(cut(text, size))))).toEqual([
        'año uno',
        'señal dos',
        '',
        'última',
      ]);
    }
  });

  it('gives the lines of the whole text however its bytes are cut', async () => {
    const char = fc.constantFrom('a', 'ñ', '€', '😀', '\n', ' ', '\u00e9');
    await fc.assert(
      fc.asyncProperty(
        fc.array(char, { maxLength: 40 }).map((cs) => cs.join('')),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (text, cuts) => {
          const bytes = new TextEncoder().encode(text);
          const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at, bytes.length]
            .slice(1)
            .map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1]!, end));
          const lines = text.split('\n');
          if (lines.at(-1) === '') lines.pop();
          expect(await collect(textLines(body(pieces)))).toEqual(lines);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('yields the notes of a complete export', async () => {
    const notes = [note('a.md', 'sueño\ncon saltos'), note('b.md', '{"no": "json"}')];
    const text = ndjson([...notes.map((n) => ({ note: n })), { end: { count: 2 } }]);
    expect(await collect(exportedNotes(body(cut(text, 5))))).toEqual(notes);
  });

  it('throws when the export ends without its count, or with another count', async () => {
    const cutShort = ndjson([{ note: note('a.md', 'x') }]);
    await expect(collect(exportedNotes(body(cut(cutShort, 4))))).rejects.toThrow(/cortó/);
    const miscounted = ndjson([{ note: note('a.md', 'x') }, { end: { count: 3 } }]);
    await expect(collect(exportedNotes(body(cut(miscounted, 4))))).rejects.toThrow(/cortó/);
  });

  it('gives the lines each piece completes together, one step a piece', async () => {
    const pieces = cut('uno\ndos\ntr', 10);
    pieces.push(new TextEncoder().encode('es\ncuatro'));
    const steps: string[][] = [];
    for await (const lines of textLines(body(pieces))) steps.push(lines);
    expect(steps).toEqual([['uno', 'dos'], ['tres'], ['cuatro']]);
  });

  it('ends at the count line of a stream left open, and lets go of it', async () => {
    const notes = [note('a.md', 'uno')];
    const text = ndjson([{ note: notes[0] }, { end: { count: 1 } }]);
    const open = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
    });
    expect(await collect(exportedNotes(open))).toEqual(notes);
    // The reader's lock is let go: the stream can be read (or cancelled) by another.
    expect(open.locked).toBe(false);
  });

  it('gives the notes before a bad or miscounted line, then throws', async () => {
    const good = [note('a.md', 'uno'), note('b.md', 'dos')];
    const lines = good.map((n) => ({ note: n }));
    const given: string[] = [];
    const read = async (text: string) => {
      for await (const notes of exportedNotes(body([new TextEncoder().encode(text)])))
        given.push(...notes.map((n) => n.path));
    };
    await expect(read(`${ndjson(lines)}{ roto\n`)).rejects.toMatchObject({ code: 'bad_answer' });
    expect(given).toEqual(['a.md', 'b.md']);
    given.length = 0;
    await expect(read(ndjson([...lines, { end: { count: 5 } }]))).rejects.toThrow(/cortó/);
    expect(given).toEqual(['a.md', 'b.md']);
  });

  it('throws a bad_answer on a line that is not an export line', async () => {
    const bad = ndjson([{ note: { path: 'a.md' } }, { end: { count: 1 } }]);
    await expect(collect(exportedNotes(body(cut(bad, 64))))).rejects.toMatchObject({
      code: 'bad_answer',
    });
  });

  describe('exportNotes', () => {
    afterEach(() => vi.unstubAllGlobals());
    const whole = (notes: ReturnType<typeof note>[]) =>
      new Response(ndjson([...notes.map((n) => ({ note: n })), { end: { count: notes.length } }]));

    it('reads an export asked for early, and asks for none more', async () => {
      const fetch = vi.fn(async () => whole([note('b.md', 'otra')]));
      vi.stubGlobal('fetch', fetch);
      const early = Promise.resolve(whole([note('a.md', 'temprana')]));
      expect(await collect(exportNotes(early))).toEqual([note('a.md', 'temprana')]);
      expect(fetch).not.toHaveBeenCalled();
    });

    it('asks again when the early export failed or was refused', async () => {
      const fetch = vi.fn(async () => whole([note('b.md', 'de nuevo')]));
      vi.stubGlobal('fetch', fetch);
      const failed = Promise.reject(new TypeError('Failed to fetch'));
      expect(await collect(exportNotes(failed))).toEqual([note('b.md', 'de nuevo')]);
      const refused = Promise.resolve(
        Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 }),
      );
      expect(await collect(exportNotes(refused))).toEqual([note('b.md', 'de nuevo')]);
      expect(fetch).toHaveBeenCalledTimes(2);
    });
  });
});
