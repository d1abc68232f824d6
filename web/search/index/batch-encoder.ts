import type { FieldBlock, LazyTermData } from './lazy-term-data.ts';
import type { TermData } from './minisearch-internals.ts';
import { VarintWriter, zigzag } from './varint-writer.ts';

/*
 * A batch of postings filed (PostingBuffer.flush), a phase per function. One function
 * with every phase's loop in it was compiled by V8 again at each loop it reached, its
 * code after the loop never run before (compile time on the core the page and the
 * server share; measured: docs/FACTS.md).
 */

/**
 * A batch's postings in the order they are filed: by pair (term × field), each pair's in
 * document order, and the pairs by term, terms in the order of their first pair (the
 * order minisearch meets them).
 */
export interface BatchOrder {
  /** Pair `p`'s postings are `sorted[2 * start[p]]` up to `sorted[2 * start[p + 1]]`: (document, frequency). */
  start: Int32Array;
  sorted: Int32Array;
  /** The batch's terms (the buffer's numbers), in the order of their first pair. */
  ranked: number[];
  /** Term `ranked[r]`'s pairs are `byTerm[from[r]]` up to `byTerm[from[r + 1]]`. */
  from: Int32Array;
  byTerm: Int32Array;
}

/**
 * A counting sort of `n` postings (pair, document, frequency: three numbers each) by
 * pair, stable: each pair's postings in document order, moved as (document, frequency)
 * into `sorted`, so that encoding reads them in order (through a permutation, every read
 * was a cache miss). `start` gets each pair's first posting; both must have room.
 */
export function sortByPair(
  postings: Int32Array,
  n: number,
  pairs: number,
  start: Int32Array,
  sorted: Int32Array,
): void {
  start.fill(0, 0, pairs + 1);
  for (let j = 0; j < 3 * n; j += 3) start[postings[j]! + 1]!++;
  for (let p = 0; p < pairs; p++) start[p + 1]! += start[p]!;
  const next = start.slice(0, pairs);
  for (let j = 0; j < 3 * n; j += 3) {
    const to = 2 * next[postings[j]!]!++;
    sorted[to] = postings[j + 1]!;
    sorted[to + 1] = postings[j + 2]!;
  }
}

/** The pairs (`keys`: term × fieldCount + field) grouped by term, terms in the order of their first pair. */
export function pairsByTerm(
  keys: Int32Array,
  pairs: number,
  fieldCount: number,
  terms: number,
): Pick<BatchOrder, 'ranked' | 'from' | 'byTerm'> {
  const rank = new Int32Array(terms).fill(-1);
  const ranked: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const term = (keys[p]! / fieldCount) | 0;
    if (rank[term]! < 0) rank[term] = ranked.push(term) - 1;
  }
  const from = new Int32Array(ranked.length + 1);
  for (let p = 0; p < pairs; p++) from[rank[(keys[p]! / fieldCount) | 0]! + 1]!++;
  for (let r = 0; r < ranked.length; r++) from[r + 1]! += from[r]!;
  const byTerm = new Int32Array(pairs);
  const fill = from.slice(0, ranked.length);
  for (let p = 0; p < pairs; p++) byTerm[fill[rank[(keys[p]! / fieldCount) | 0]!]!++] = p;
  return { ranked, from, byTerm };
}

/** A term new to the index, encoded by the batch. */
export interface EncodedEntry {
  term: string;
  start: number;
  end: number;
  blocks: FieldBlock[];
}

/** Postings the batch wrote for a term still encoded in the index (`LazyTermData.append`). */
export interface AppendedEntry {
  data: LazyTermData;
  blocks: FieldBlock[];
}

/**
 * Writes a batch's postings term by term (in `BatchOrder`): a term new to the index, or
 * still encoded, gets bytes as a saved index holds them (`LazyTermData`); a term in Maps
 * gets its postings there.
 */
export class BatchEncoder {
  readonly writer: VarintWriter;
  readonly encoded: EncodedEntry[] = [];
  readonly appended: AppendedEntry[] = [];

  constructor(
    readonly order: BatchOrder,
    private readonly keys: Int32Array,
    private readonly fieldCount: number,
    size: number,
  ) {
    this.writer = new VarintWriter(size);
  }

  /** Term `r` of the batch, new to the index. */
  newTerm(term: string, r: number): void {
    const { from, byTerm } = this.order;
    const writer = this.writer;
    const at = writer.length;
    writer.push(from[r + 1]! - from[r]!);
    const written: FieldBlock[] = [];
    for (let q = from[r]!; q < from[r + 1]!; q++) {
      const p = byTerm[q]!;
      const fieldId = this.keys[p]! % this.fieldCount;
      writer.push(fieldId);
      writer.push(this.order.start[p + 1]! - this.order.start[p]!);
      written.push(this.block(fieldId, p, 0));
    }
    this.encoded.push({ term, start: at, end: writer.length, blocks: written });
  }

  /**
   * Term `r` of the batch, still encoded in the index: a block of postings per field,
   * each field's first a gap from that field's last document in the term, for the term
   * to keep beside its bytes (copying them over, batch after batch, was most of filing).
   */
  moreOfTerm(r: number, old: LazyTermData): void {
    const { from, byTerm } = this.order;
    const blocks: FieldBlock[] = [];
    for (let q = from[r]!; q < from[r + 1]!; q++) {
      const p = byTerm[q]!;
      const fieldId = this.keys[p]! % this.fieldCount;
      blocks.push(this.block(fieldId, p, old.lastDoc(fieldId)));
    }
    this.appended.push({ data: old, blocks });
  }

  /** Term `r` of the batch, already decoded into Maps: its postings go there. */
  intoMaps(r: number, old: TermData): void {
    const { from, byTerm, start, sorted } = this.order;
    for (let q = from[r]!; q < from[r + 1]!; q++) {
      const p = byTerm[q]!;
      const fieldId = this.keys[p]! % this.fieldCount;
      let field = old.get(fieldId);
      if (field === undefined) {
        field = new Map();
        old.set(fieldId, field);
      }
      for (let k = 2 * start[p]!; k < 2 * start[p + 1]!; k += 2)
        field.set(sorted[k]!, sorted[k + 1]!);
    }
  }

  /** Pair `p`'s postings as field `fieldId`'s block, the first a gap from `previous`. */
  private block(fieldId: number, p: number, previous: number): FieldBlock {
    const { start } = this.order;
    const from = this.writer.length;
    this.postingsOf(p, previous);
    const count = start[p + 1]! - start[p]!;
    return { fieldId, count, from, to: this.writer.length, last: this.lastOf(p) };
  }

  /** Pair `p`'s postings, the first as a gap from `previous` (varints written in place: most of filing). */
  private postingsOf(p: number, previous: number): void {
    const { start, sorted } = this.order;
    const writer = this.writer;
    writer.reserve(10 * (start[p + 1]! - start[p]!));
    const bytes = writer.bytes;
    let at = writer.length;
    for (let k = 2 * start[p]!; k < 2 * start[p + 1]!; k += 2) {
      const doc = sorted[k]!;
      let v = zigzag(doc - previous);
      previous = doc;
      for (; v >= 0x80; v >>>= 7) bytes[at++] = (v & 0x7f) | 0x80;
      bytes[at++] = v;
      for (v = sorted[k + 1]! >>> 0; v >= 0x80; v >>>= 7) bytes[at++] = (v & 0x7f) | 0x80;
      bytes[at++] = v;
    }
    writer.length = at;
  }

  /** The last document of pair `p`'s postings, as written (in document order). */
  private lastOf(p: number): number {
    return this.order.sorted[2 * this.order.start[p + 1]! - 2]!;
  }
}
