import { describe, expect, it } from 'vitest';
import { exportStream, readAhead } from './vault-export.ts';

/** A read that resolves when the test says so, counting how many run at once. */
function gatedReads() {
  const gates = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const read = async (n: number) => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => gates.set(n, resolve));
    running--;
    return n % 3 === 0 ? null : n;
  };
  return { read, gates, most: () => most };
}

describe('readAhead', () => {
  it('yields in order, skips nulls and keeps at most `ahead` reads running', async () => {
    const { read, gates, most } = gatedReads();
    const items = [1, 2, 3, 4, 5, 6, 7];
    const out: number[] = [];
    const done = (async () => {
      for await (const n of readAhead(items, read, 3)) out.push(n);
    })();
    // Finish the reads in reverse order as they start: the output keeps the input's order.
    for (let opened = 0; opened < items.length; ) {
      await new Promise((r) => setTimeout(r, 0));
      const started = [...gates.keys()].sort((a, b) => b - a);
      for (const n of started) {
        gates.get(n)?.();
        gates.delete(n);
        opened++;
      }
    }
    await done;
    expect(out).toEqual([1, 2, 4, 5, 7]);
    expect(most()).toBeLessThanOrEqual(3);
  });
});

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
