import { describe, expect, it } from 'vitest';
import { cosine, quantize } from '../../common/vector-codec.ts';
import { fuseRanks } from '../search/hybrid-rank.ts';
import { type IndexedChunk, RESCORE_POOL, VectorIndex } from './vector-index.ts';

/** A deterministic pseudo-random unit-ish vector (no Math.random: failures must repeat). */
function floats(seed: number, d: number): Float32Array {
  const v = new Float32Array(d);
  let x = seed * 2_654_435_761;
  for (let i = 0; i < d; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    v[i] = x / 1_073_741_824 - 1;
  }
  return v;
}
const int8 = (v: Float32Array) => quantize(v).q;
const chunk = (v: Float32Array, start = 0, end = 10): IndexedChunk => ({
  start,
  end,
  data: int8(v),
});

describe('VectorIndex', () => {
  it('scores int8 vectors within 0.01 of the float cosine', () => {
    const d = 384;
    const index = new VectorIndex(d);
    const docs = Array.from({ length: 50 }, (_, i) => floats(i + 1, d));
    for (const [i, v] of docs.entries()) index.set(`n${i}.md`, [chunk(v)]);
    const query = floats(999, d);
    for (const hit of index.search(int8(query), 50, -1)) {
      const i = Number(hit.path.slice(1, -3));
      expect(Math.abs(hit.score - cosine(query, docs[i]!))).toBeLessThan(0.01);
    }
  });

  it('returns the top k notes best first, each by its best chunk, above the minimum', () => {
    const d = 16;
    const index = new VectorIndex(d);
    const axis = (i: number, w = 1) =>
      Float32Array.from({ length: d }, (_, j) => (j === i ? w : 0.1));
    index.set('a.md', [chunk(axis(0), 0, 5), chunk(axis(1), 5, 9)]);
    index.set('b.md', [chunk(axis(2))]);
    index.set('c.md', [chunk(axis(3))]);
    const hits = index.search(int8(axis(1)), 2);
    expect(hits.map((h) => h.path)).toEqual(['a.md', expect.any(String)]);
    expect(hits[0]).toMatchObject({ start: 5, end: 9 });
    expect(hits[0]!.score).toBeGreaterThan(0.99);
    expect(index.search(int8(axis(1)), 10, 0.5).map((h) => h.path)).toEqual(['a.md']);
  });

  it('replaces and removes a note, compacting freed slots, and clears all on reset', () => {
    const d = 8;
    const index = new VectorIndex(d);
    for (let i = 0; i < 200; i++) index.set(`n${i}.md`, [chunk(floats(i + 1, d))]);
    for (let i = 0; i < 150; i++) index.remove(`n${i}.md`);
    const target = floats(7_777, d);
    index.set('n199.md', [chunk(target)]);
    for (let i = 0; i < 100; i++) index.set(`m${i}.md`, [chunk(floats(i + 500, d))]);
    expect(index.notes).toBe(150);
    expect(index.chunks).toBe(150);
    expect(index.search(int8(target), 1)[0]).toMatchObject({ path: 'n199.md' });
    expect(index.has('n0.md')).toBe(false);
    index.clear();
    expect(index.chunks).toBe(0);
    expect(index.search(int8(target), 5)).toEqual([]);
  });

  it('turns a note into a query like its chunks (related notes)', () => {
    const d = 32;
    const index = new VectorIndex(d);
    index.set('a.md', [chunk(floats(1, d)), chunk(floats(2, d))]);
    index.set('b.md', [chunk(floats(3, d))]);
    const q = index.noteVector('a.md')!;
    expect(index.search(q, 1)[0]?.path).toBe('a.md');
    expect(index.noteVector('z.md')).toBeNull();
  });

  it('past the rescoring pool, picks by signs and still finds the nearest notes', () => {
    const d = 128;
    const index = new VectorIndex(d);
    const docs = Array.from({ length: RESCORE_POOL * 4 }, (_, i) => floats(i + 1, d));
    for (const [i, v] of docs.entries()) index.set(`n${i}.md`, [chunk(v)]);
    index.fit();
    // A query near one note finds it first…
    const near = Float32Array.from(
      docs[1234]!,
      (x, j) => x + 0.3 * (floats(5_000, d)[j] as number),
    );
    expect(index.search(int8(near), 1)[0]?.path).toBe('n1234.md');
    // …and the top ten by exact float cosine are (nearly all) the top ten found.
    const query = floats(4_242, d);
    const exact = docs
      .map((v, i) => ({ path: `n${i}.md`, score: cosine(query, v) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((h) => h.path);
    const found = index.search(int8(query), 10, -1).map((h) => h.path);
    expect(found.filter((p) => exact.includes(p)).length).toBeGreaterThanOrEqual(8);
  });

  it('refuses a vector of other dimensions', () => {
    const index = new VectorIndex(8);
    expect(() => index.set('a.md', [chunk(floats(1, 4))])).toThrow(/dimensiones/);
  });
});

describe('fuseRanks', () => {
  const v = (path: string, score: number) => ({ path, score, start: 0, end: 1 });
  it('orders by weighted reciprocal rank, both lists counting', () => {
    const fused = fuseRanks(['a', 'b', 'c'], [v('d', 0.9), v('c', 0.8)], {
      rrfK: 60,
      vectorWeight: 0.5,
    });
    // c: 0.5/63 + 0.5/62 leads; d (vector only, 0.5/61) ties a and yields to the lexical order; b 0.5/62.
    expect(fused.map((f) => f.path)).toEqual(['c', 'a', 'd', 'b']);
    expect(fused.find((f) => f.path === 'd')).toMatchObject({ lexicalRank: null });
    expect(fused[0]!.score).toBeCloseTo(0.5 / 63 + 0.5 / 62, 10);
  });

  it('follows the weight: 0 keeps the lexical order, 1 the vector order', () => {
    const lexical = ['a', 'b'];
    const vector = [v('b', 0.9), v('a', 0.1)];
    expect(fuseRanks(lexical, vector, { rrfK: 60, vectorWeight: 0 }).map((f) => f.path)).toEqual([
      'a',
      'b',
    ]);
    expect(fuseRanks(lexical, vector, { rrfK: 60, vectorWeight: 1 }).map((f) => f.path)).toEqual([
      'b',
      'a',
    ]);
  });
});
