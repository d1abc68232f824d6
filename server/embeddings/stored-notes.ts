import { bytesToBase64 } from '../../common/vector-codec.ts';
import type { IndexRecord } from './vector-store-records.ts';

export interface StoredChunk {
  heading: string;
  start: number;
  end: number;
  scale: number;
  q: Int8Array;
}
export interface StoredNote {
  path: string;
  hash: string;
  seq: number;
  chunks: StoredChunk[];
}
/** One entry of a delta: a note stored (or stored again), or a note removed. */
export type StoreChange = { removed: string; seq: number } | StoredNote;

/**
 * The vector store in memory: every live note's chunks (views on the bytes read or
 * written), the removals clients have yet to hear of, and how many stored vectors no
 * note uses any more (what compaction would reclaim). Holds no file: vector-store.ts
 * writes, then applies the same index lines here.
 */
export class StoredNotes {
  readonly notes = new Map<string, StoredNote>();
  /** Removed path → the sequence number of its removal. */
  readonly tombstones = new Map<string, number>();
  /** Vectors on disk that no live note names. */
  staleVectors = 0;

  constructor(private readonly dimensions: number) {}

  /** Applies one index line; `bytes` holds the vectors from number `base` on. */
  apply(r: IndexRecord, bytes: Uint8Array, base: number): void {
    const before = this.notes.get(r.path);
    if (before) this.staleVectors += before.chunks.length;
    if (r.t === 'remove') {
      this.notes.delete(r.path);
      this.tombstones.set(r.path, r.seq);
      return;
    }
    this.tombstones.delete(r.path);
    const dims = this.dimensions;
    this.notes.set(r.path, {
      path: r.path,
      hash: r.hash,
      seq: r.seq,
      chunks: r.chunks.map((c) => ({
        heading: c.heading,
        start: c.start,
        end: c.end,
        scale: c.scale,
        q: new Int8Array(bytes.buffer, bytes.byteOffset + (c.off - base) * dims, dims),
      })),
    });
  }

  get chunkCount(): number {
    let n = 0;
    for (const note of this.notes.values()) n += note.chunks.length;
    return n;
  }

  /** Notes and removals changed after `since`, in the order they happened. */
  changesSince(since: number): StoreChange[] {
    const out: StoreChange[] = [];
    for (const n of this.notes.values()) if (n.seq > since) out.push(n);
    for (const [removed, seq] of this.tombstones) if (seq > since) out.push({ removed, seq });
    return out.sort((a, b) => a.seq - b.seq);
  }
}

/** A stored chunk as it travels to the browser. */
export function encodeStored(c: StoredChunk): { scale: number; data: string } {
  return {
    scale: c.scale,
    data: bytesToBase64(new Uint8Array(c.q.buffer, c.q.byteOffset, c.q.byteLength)),
  };
}
