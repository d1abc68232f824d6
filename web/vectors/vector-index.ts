/**
 * The worker's vectors, packed for brute-force cosine: every chunk's int8
 * components in one Int8Array and, per chunk, the inverse of its int8 norm in
 * one Float32Array, so cosine = (int8 · int8) × invNorm(a) × invNorm(b) with no
 * float vector held (30,000 chunks × 384 dimensions is 11.5 MB, not 46).
 * Beside them, each chunk's signs as bits: a scan of those (Hamming distance,
 * far cheaper than the int8 products in JS: docs/FACTS.md) picks the chunks worth scoring
 * exactly, as binary quantization with rescoring does.
 * A changed note's old slots are marked free and reused after a compaction.
 */

import type { WasmScan } from './chunk-store.ts';
import { PackedChunks } from './packed-chunks.ts';
import {
  dotInt8,
  FREE,
  inverseNorm,
  meanVector,
  nearestBySigns,
  poolLimit,
  RESCORE_POOL,
  signsOf,
  topNotes,
} from './vector-scan.ts';

export type { IndexedChunk } from './packed-chunks.ts';
export { inverseNorm, RESCORE_POOL } from './vector-scan.ts';

/** A note's best chunk and its cosine similarity to the query. */
export interface VectorHit {
  path: string;
  score: number;
  start: number;
  end: number;
}

export class VectorIndex extends PackedChunks {
  /** The mean of a note's chunk vectors, as an int8 query (related notes); null if it has none. */
  noteVector(path: string): Int8Array | null {
    const note = this.noteOf.get(path);
    if (note === undefined) return null;
    const { from, count } = this.slots[note]!;
    return meanVector(this.data, this.invNorms, from, count, this.dimensions);
  }

  /**
   * The `k` notes whose best chunk is most like `query` (cosine ≥ `min`), best
   * first. Every chunk when they are few; else the RESCORE_POOL chunks whose
   * signs differ least from the query's, each then scored exactly.
   */
  search(query: Int8Array, k: number, min = 0): VectorHit[] {
    const d = this.dimensions;
    if (query.length !== d)
      throw new Error(`consulta de ${query.length} dimensiones, índice de ${d}`);
    const qn = inverseNorm(query);
    if (qn === 0 || this.chunks === 0) return [];
    const notes = this.paths.length;
    if (this.best.length < notes) {
      // Kept between searches (a search leaves every entry at -2 again): two arrays
      // of every note's size per query were garbage the collector paid for.
      this.best = new Float32Array(Math.ceil(notes * 1.25)).fill(-2);
      this.bestSlot = new Int32Array(this.best.length);
      this.reached = new Int32Array(this.best.length);
    }
    const { best, bestSlot, reached } = this;
    let count = 0;
    const keep = (s: number, dot: number) => {
      const note = this.owner[s] as number;
      const cos = dot * qn * (this.invNorms[s] as number);
      if (cos > (best[note] as number)) {
        if (best[note] === -2) reached[count++] = note;
        best[note] = cos;
        bestSlot[note] = s;
      }
    };
    const scan = this.store.scan;
    if (scan) this.scanWasm(scan, query, keep);
    else this.scanJs(query, keep);
    // In note order, as a pass over every note would meet them (ties keep the first).
    const candidates = reached.subarray(0, count).sort();
    const hits = topNotes(best, candidates, k, min).map((n) => {
      const s = bestSlot[n] as number;
      return {
        path: this.paths[n]!,
        score: best[n] as number,
        start: this.starts[s] as number,
        end: this.ends[s] as number,
      };
    });
    for (let i = 0; i < count; i++) best[reached[i] as number] = -2;
    return hits;
  }

  /** Per note, its best chunk's cosine in the search under way (-2: none yet), and that chunk's slot. */
  private best = new Float32Array(0);
  private bestSlot = new Int32Array(0);
  /** The notes a search gave a cosine, to set back to -2 after it. */
  private reached = new Int32Array(0);

  /** Every live slot when they are few, else the pool nearest by signs: `keep(slot, dot)` in slot order. */
  private scanJs(query: Int8Array, keep: (s: number, dot: number) => void) {
    const d = this.dimensions;
    const q = Int32Array.from(query);
    const data = this.data;
    if (this.chunks <= RESCORE_POOL) {
      for (let s = 0; s < this.used; s++) {
        if (this.owner[s] !== FREE) keep(s, dotInt8(q, data, s * d, d));
      }
      return;
    }
    const { distance, limit } = nearestBySigns(
      { signs: this.signs, owner: this.owner, used: this.used, words: this.words },
      signsOf(query, this.words),
      d,
    );
    for (let s = 0; s < this.used; s++) {
      if ((distance[s] as number) <= limit) keep(s, dotInt8(q, data, s * d, d));
    }
  }

  /** scanJs's slots and dot products, computed by the WebAssembly scan (chunk-store.ts). */
  private scanWasm(scan: WasmScan, query: Int8Array, keep: (s: number, dot: number) => void) {
    const { used, owner, dimensions: d } = this;
    let limit = 0;
    if (this.chunks <= RESCORE_POOL) {
      const none = d + 1;
      for (let s = 0; s < used; s++) scan.distance[s] = owner[s] === FREE ? none : 0;
    } else {
      scan.hamming(signsOf(query, this.words), used);
      limit = poolLimit(scan.distance, scan.histogram, this.free > 0 ? owner : null, used, d);
    }
    const n = scan.dots(query, used, limit);
    const pairs = scan.pairs;
    for (let i = 0; i < n; i++) keep(pairs[2 * i] as number, pairs[2 * i + 1] as number);
  }
}
