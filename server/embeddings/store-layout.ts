import { normalize, quantize } from '../../common/vector-codec.ts';
import type { StoredNote } from './stored-notes.ts';
import type { IndexRecord } from './vector-store-records.ts';

/**
 * How the vector store lays out what it writes (pure: vector-store.ts does the IO). A
 * batch: vectors appended as int8 after the ones on disk, one index line per note.
 * A compaction: the live vectors rewritten from 0 and the index whole.
 */

/** A note's freshly embedded chunks, as the pipeline hands them over. */
export interface NoteToStore {
  path: string;
  hash: string;
  chunks: { heading: string; start: number; end: number; vector: Float32Array }[];
}

/** One batch to append: its vectors' bytes, and the index records (and lines) naming them. */
export interface BatchLayout {
  bytes: Uint8Array;
  records: IndexRecord[];
  lines: string[];
}

/**
 * Quantises a batch's vectors (unit length, int8, one scale each) to be appended from
 * vector number `firstOff` on, its notes numbered from `firstSeq`.
 * @throws Error when a vector has another dimension than the store's
 */
export function batchLayout(
  notes: readonly NoteToStore[],
  opts: { dimensions: number; firstOff: number; firstSeq: number },
): BatchLayout {
  const dims = opts.dimensions;
  const total = notes.reduce((n, note) => n + note.chunks.length, 0);
  const bin = new Int8Array(total * dims);
  let off = opts.firstOff;
  let seq = opts.firstSeq;
  let at = 0;
  const records: IndexRecord[] = [];
  for (const note of notes) {
    const chunks = note.chunks.map((c) => {
      if (c.vector.length !== dims) throw new Error(`dimensión ${c.vector.length} ≠ ${dims}`);
      const { q, scale } = quantize(normalize(Float32Array.from(c.vector)));
      bin.set(q, at * dims);
      at++;
      return { heading: c.heading, start: c.start, end: c.end, scale, off: off++ };
    });
    records.push({ t: 'note', seq: seq++, path: note.path, hash: note.hash, chunks });
  }
  return {
    bytes: new Uint8Array(bin.buffer),
    records,
    lines: records.map((r) => JSON.stringify(r)),
  };
}

/** What a compaction writes: the live vectors back to back, and the index lines naming them. */
export interface CompactLayout {
  bytes: Int8Array;
  /** Index lines after the meta line: every live note, then the removals kept. */
  lines: string[];
  /** Removals still told to clients (newest first). */
  kept: [string, number][];
  /** Cursors below this lost their removals: such clients start over. */
  floor: number;
}

/**
 * Lays out a compacted store: live notes in the order they changed, their vectors
 * renumbered from 0, and only the newest `maxTombstones` removals; the floor rises to
 * the newest removal dropped. Pure: the store writes it and swaps it in.
 */
export function compactLayout(
  notes: readonly StoredNote[],
  tombstones: ReadonlyMap<string, number>,
  opts: { dimensions: number; floor: number; maxTombstones: number },
): CompactLayout {
  const dims = opts.dimensions;
  const count = notes.reduce((n, note) => n + note.chunks.length, 0);
  const bytes = new Int8Array(count * dims);
  let off = 0;
  const lines: string[] = [];
  for (const note of notes) {
    const chunks = note.chunks.map((c) => {
      bytes.set(c.q, off * dims);
      return { heading: c.heading, start: c.start, end: c.end, scale: c.scale, off: off++ };
    });
    lines.push(
      JSON.stringify({ t: 'note', seq: note.seq, path: note.path, hash: note.hash, chunks }),
    );
  }
  const kept = [...tombstones].sort((a, b) => b[1] - a[1]).slice(0, opts.maxTombstones);
  const dropped = [...tombstones].filter(([p]) => !kept.some(([k]) => k === p));
  const floor = Math.max(opts.floor, ...dropped.map(([, s]) => s));
  for (const [path, seq] of kept) lines.push(JSON.stringify({ t: 'remove', seq, path }));
  return { bytes, lines, kept, floor };
}
