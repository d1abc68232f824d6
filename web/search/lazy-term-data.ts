/** minisearch's data for one term: field id → short document id → frequency. */
export type TermData = Map<number, Map<number, number>>;

/** What a saved index that does not hold together says (a truncated or foreign record). */
export const UNREADABLE = 'índice guardado ilegible';

/** Zigzag: a document id can be lower than the one before it (a note re-added), so gaps may be negative. */
const unzigzag = (n: number) => (n >>> 1) ^ -(n & 1);

/** The bytes of one term's postings, still encoded. */
export interface EncodedTerm {
  bytes: Uint8Array;
  start: number;
  end: number;
}

/** One field's postings in a term's bytes: its id, count, where its postings lie, its last document. */
export interface FieldBlock {
  fieldId: number;
  count: number;
  from: number;
  to: number;
  last: number;
}

/**
 * A reader of one term's varints. Plain fields, not `[value, next]` tuples: a
 * term is decoded once, by code V8 has not optimised yet, where every tuple was
 * an allocation (most of a query's first read of a common word).
 */
class VarintReader {
  at: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.at = start;
  }
  /** Throws past `end`: a term reads only within its own bytes. */
  next(): number {
    const { bytes, end } = this;
    let i = this.at;
    if (i >= end) throw new Error(UNREADABLE);
    let byte = bytes[i++]!;
    // Nearly every posting number fits one byte.
    if (byte < 0x80) {
      this.at = i;
      return byte;
    }
    let value = byte & 0x7f;
    let shift = 7;
    do {
      if (i >= end) throw new Error(UNREADABLE);
      byte = bytes[i++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    this.at = i;
    return value >>> 0;
  }
  /** Steps over one varint (a frequency `fieldBlocks` does not need). */
  skip(): void {
    const { bytes, end } = this;
    let i = this.at;
    while (i < end && bytes[i]! & 0x80) i++;
    if (i >= end) throw new Error(UNREADABLE);
    this.at = i + 1;
  }
}

/** The field blocks of a term's encoded postings, in order (to add postings without decoding them to Maps). */
export function fieldBlocks(encoded: EncodedTerm): FieldBlock[] {
  const r = new VarintReader(encoded.bytes, encoded.start, encoded.end);
  const out: FieldBlock[] = [];
  for (let fields = r.next(); fields > 0; fields--) {
    const fieldId = r.next();
    const count = r.next();
    const from = r.at;
    let doc = 0;
    for (let k = 0; k < count; k++) {
      doc += unzigzag(r.next());
      r.skip();
    }
    out.push({ fieldId, count, from, to: r.at, last: doc });
  }
  if (r.at !== encoded.end) throw new Error(UNREADABLE);
  return out;
}

/**
 * One term's data, decoded from the saved bytes the first time anything reads
 * or changes it. Reviving every term at once built two million Map entries
 * before the first search (most of `ready_ms` at 10k, and as much again in
 * garbage collection); a query reads a few terms, so a reload now pays for
 * those. A Map to minisearch and to the code that reads its term index.
 */
export class LazyTermData extends Map<number, Map<number, number>> {
  #encoded: EncodedTerm | null;

  constructor(encoded: EncodedTerm) {
    super();
    this.#encoded = encoded;
  }

  /** The term's bytes while it was never read nor changed (the save copies them as they are). */
  get encoded(): EncodedTerm | null {
    return this.#encoded;
  }

  /**
   * The same term's postings with more appended, still encoded (a first sync
   * files a term's new postings batch by batch): in place, so the term tree,
   * which holds this object, needs no new walk to the term.
   */
  reencode(encoded: EncodedTerm): void {
    if (!this.#encoded) throw new Error('reencode: term already decoded');
    this.#encoded = encoded;
  }

  #decode(): void {
    const encoded = this.#encoded;
    if (!encoded) return;
    // Cleared first: decoding calls `super.set`, which must not decode again.
    this.#encoded = null;
    try {
      this.#decodeFrom(encoded);
    } catch (error) {
      // Bytes that do not hold together (a foreign or damaged record) fail every read alike.
      super.clear();
      this.#encoded = encoded;
      throw error;
    }
  }

  /** Reads only within the term's own bytes: the reader throws past `end`. */
  #decodeFrom(encoded: EncodedTerm): void {
    const r = new VarintReader(encoded.bytes, encoded.start, encoded.end);
    for (let fields = r.next(); fields > 0; fields--) {
      const fieldId = r.next();
      let count = r.next();
      const docs = new Map<number, number>();
      let doc = 0;
      for (; count > 0; count--) {
        doc += unzigzag(r.next());
        docs.set(doc, r.next());
      }
      super.set(fieldId, docs);
    }
    if (r.at !== encoded.end) throw new Error(UNREADABLE);
  }

  override get size(): number {
    this.#decode();
    return super.size;
  }
  override get(key: number) {
    this.#decode();
    return super.get(key);
  }
  override has(key: number): boolean {
    this.#decode();
    return super.has(key);
  }
  override set(key: number, value: Map<number, number>): this {
    this.#decode();
    return super.set(key, value);
  }
  override delete(key: number): boolean {
    this.#decode();
    return super.delete(key);
  }
  override clear(): void {
    this.#encoded = null;
    super.clear();
  }
  override forEach(
    callback: (
      value: Map<number, number>,
      key: number,
      map: Map<number, Map<number, number>>,
    ) => void,
    thisArg?: unknown,
  ): void {
    this.#decode();
    super.forEach(callback, thisArg);
  }
  override keys() {
    this.#decode();
    return super.keys();
  }
  override values() {
    this.#decode();
    return super.values();
  }
  override entries() {
    this.#decode();
    return super.entries();
  }
  override [Symbol.iterator]() {
    this.#decode();
    return super[Symbol.iterator]();
  }
}
