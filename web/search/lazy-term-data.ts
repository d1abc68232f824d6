/** minisearch's data for one term: field id → short document id → frequency. */
export type TermData = Map<number, Map<number, number>>;

/** What a saved index that does not hold together says (a truncated or foreign record). */
export const UNREADABLE = 'índice guardado ilegible';

/** Zigzag: a document id can be lower than the one before it (a note re-added), so gaps may be negative. */
const unzigzag = (n: number) => (n >>> 1) ^ -(n & 1);

function readVarint(bytes: Uint8Array, at: number, end: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let i = at;
  let byte: number;
  do {
    if (i >= end) throw new Error(UNREADABLE);
    byte = bytes[i++]!;
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [value >>> 0, i];
}

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

/** The field blocks of a term's encoded postings, in order (to add postings without decoding them to Maps). */
export function fieldBlocks(encoded: EncodedTerm): FieldBlock[] {
  const { bytes, end } = encoded;
  const out: FieldBlock[] = [];
  let [fields, i] = readVarint(bytes, encoded.start, end);
  for (; fields > 0; fields--) {
    let fieldId: number;
    let count: number;
    [fieldId, i] = readVarint(bytes, i, end);
    [count, i] = readVarint(bytes, i, end);
    const from = i;
    let doc = 0;
    for (let k = 0; k < count; k++) {
      let gap: number;
      [gap, i] = readVarint(bytes, i, end);
      doc += unzigzag(gap);
      // The frequency: skipped.
      while (i < end && bytes[i]! & 0x80) i++;
      if (i >= end) throw new Error(UNREADABLE);
      i++;
    }
    out.push({ fieldId, count, from, to: i, last: doc });
  }
  if (i !== end) throw new Error(UNREADABLE);
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

  /** Reads only within the term's own bytes: `readVarint` throws past `end`. */
  #decodeFrom(encoded: EncodedTerm): void {
    const { bytes, end } = encoded;
    let [fields, i] = readVarint(bytes, encoded.start, end);
    for (; fields > 0; fields--) {
      let fieldId: number;
      let count: number;
      [fieldId, i] = readVarint(bytes, i, end);
      [count, i] = readVarint(bytes, i, end);
      const docs = new Map<number, number>();
      let doc = 0;
      for (; count > 0; count--) {
        let gap: number;
        let frequency: number;
        [gap, i] = readVarint(bytes, i, end);
        [frequency, i] = readVarint(bytes, i, end);
        doc += unzigzag(gap);
        docs.set(doc, frequency);
      }
      super.set(fieldId, docs);
    }
    if (i !== end) throw new Error(UNREADABLE);
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
