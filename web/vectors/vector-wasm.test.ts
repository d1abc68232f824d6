import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkStore } from './chunk-store.ts';
import { type IndexedChunk, RESCORE_POOL, VectorIndex } from './vector-index.ts';
import { nearestBySigns, signsOf } from './vector-scan.ts';

/** Deterministic int8 vectors, values over the whole range (-128 included). */
function vectors(count: number, d: number, seed: number): Int8Array[] {
  let x = seed >>> 0;
  return Array.from({ length: count }, () =>
    Int8Array.from({ length: d }, () => {
      x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
      return (x >>> 24) - 128;
    }),
  );
}

/** The same notes in a WebAssembly-scanned index and a JS one, with edits that free and reuse slots. */
function twins(notes: number, perNote: number, d: number, seed: number) {
  const wasm = new VectorIndex(d);
  const js = new VectorIndex(d, { wasm: false });
  const all = vectors(notes * perNote * 2, d, seed);
  const chunks = (from: number): IndexedChunk[] =>
    Array.from({ length: perNote }, (_, c) => ({ start: c, end: c + 1, data: all[from + c]! }));
  for (const index of [wasm, js]) {
    for (let n = 0; n < notes; n++) index.set(`n${n}.md`, chunks(n * perNote));
    // Replaced and removed notes leave free slots; the later sets may compact them.
    for (let n = 0; n < notes; n += 7) index.set(`n${n}.md`, chunks((notes + n) * perNote));
    for (let n = 3; n < notes; n += 11) index.remove(`n${n}.md`);
  }
  return { wasm, js };
}

describe('the WebAssembly vector scan', () => {
  it('runs here (Node has WebAssembly SIMD), so the comparisons below test it', () => {
    expect(chunkStore(4, 12, 384).scan).not.toBeNull();
    expect(chunkStore(4, 12, 384, false).scan).toBeNull();
  });

  it('gives the same Hamming distances as the JS popcount, for any width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700 }), fc.integer(), (d, seed) => {
        const words = Math.ceil(d / 32);
        const chunks = vectors(40, d, seed);
        const store = chunkStore(chunks.length, words, d);
        for (const [s, c] of chunks.entries()) store.signs.set(signsOf(c, words), s * words);
        const query = vectors(1, d, seed + 1)[0]!;
        const owner = new Int32Array(chunks.length);
        const js = nearestBySigns(
          { signs: store.signs, owner, used: chunks.length, words },
          signsOf(query, words),
          d,
        );
        store.scan!.hamming(signsOf(query, words), chunks.length);
        expect([...store.scan!.distance]).toEqual([...js.distance]);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the same notes with the same scores, in the same order, as the JS scan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        (d, notes, perNote, seed) => {
          const { wasm, js } = twins(notes, perNote, d, seed);
          for (const q of vectors(3, d, seed ^ 0x5eed)) {
            expect(wasm.search(q, 20, -1)).toEqual(js.search(q, 20, -1));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('past the rescoring pool (candidates chosen by signs) as well', () => {
    const d = 384;
    const { wasm, js } = twins(Math.ceil((RESCORE_POOL * 3) / 2), 2, d, 42);
    expect(wasm.chunks).toBeGreaterThan(RESCORE_POOL);
    for (const q of vectors(8, d, 7)) {
      expect(wasm.search(q, 20, 0)).toEqual(js.search(q, 20, 0));
      expect(wasm.search(q, 50, -1)).toEqual(js.search(q, 50, -1));
    }
    expect(wasm.noteVector('n1.md')).toEqual(js.noteVector('n1.md'));
  });
});
