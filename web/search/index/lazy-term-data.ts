import { UNREADABLE, VarintReader } from './varint-reader.ts';
import { VarintWriter } from './varint-writer.ts';

/** Zigzag: a document id can be lower than the one before it (a note re-added), so gaps may be negative. */
const unzigzag = (n: number) => (n >>> 1) ^ -(n & 1);

/** The bytes of one term's postings, still encoded. */
export interface EncodedTerm {
  bytes: Uint8Array;
  start: number;
  end: number;
  /**
   * Its field blocks when the writer that encoded it knew them: a term given
   * postings again (a note added, each batch of a first sync) then needs no
   * walk over all its postings to find where its fields end.
   */
  blocks?: FieldBlock[];
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
 * Postings given to a still-encoded term (a batch of a first sync, a note
 * added): per field a block in `bytes`, postings only (its id and count in the
 * block), the first document a gap from that field's last one before.
 */
export interface MorePostings {
  bytes: Uint8Array;
  blocks: FieldBlock[];
}

/**
 * How many `MorePostings` a term keeps apart before they are joined to its
 * bytes: a first sync of 50k notes gives a common term 13 in a row, and
 * joining each as it came copied every term's postings again per batch (most of
 * the filing's time: docs/FACTS.md); joined once when read, they
 * are copied once.
 */
const MAX_MORE = 16;

/** The field blocks of a term's encoded postings, in order (to add postings without decoding them to Maps). */
export function fieldBlocks(encoded: EncodedTerm): FieldBlock[] {
  if (encoded.blocks) return encoded.blocks;
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
 * or changes it through its Map interface. Reviving every term at once built
 * two million Map entries before the first search (most of `ready_ms` at 10k,
 * and as much again in garbage collection). A query reads the bytes as they
 * are (`encoded`: term-postings.ts), so only minisearch's own reads and
 * changes (a note removed, postings added to a term in Maps) decode a term.
 * A Map to minisearch and to the code that reads its term index.
 */
export class LazyTermData extends Map<number, Map<number, number>> {
  #encoded: EncodedTerm | null;
  /** Postings given since, not joined to `#encoded` yet (in order; null: none). */
  #more: MorePostings[] | null = null;
  /** `largestField()` of the bytes as they are, once read (-1: not yet). */
  #largest = -1;

  constructor(encoded: EncodedTerm) {
    super();
    this.#encoded = encoded;
  }

  /** Whether the term is still in bytes (never read through its Map interface, nor changed there). */
  get isEncoded(): boolean {
    return this.#encoded !== null;
  }

  /** The term's bytes while it was never read nor changed (the save copies them as they are). */
  get encoded(): EncodedTerm | null {
    this.#join();
    return this.#encoded;
  }

  /**
   * More postings for the still-encoded term (`MorePostings`), kept apart until
   * the term is read (or `MAX_MORE` of them wait): in place, so the term tree,
   * which holds this object, needs no new walk to the term.
   */
  append(more: MorePostings): void {
    if (!this.#encoded) throw new Error('append: term already decoded');
    this.#more ??= [];
    this.#more.push(more);
    this.#largest = -1;
    if (this.#more.length >= MAX_MORE) this.#join();
  }

  /** The last document of field `fieldId`, as encoded and given so far (0: none, the first gap's base). */
  lastDoc(fieldId: number): number {
    for (let i = (this.#more?.length ?? 0) - 1; i >= 0; i--)
      for (const block of this.#more![i]!.blocks) if (block.fieldId === fieldId) return block.last;
    for (const block of this.#baseBlocks()) if (block.fieldId === fieldId) return block.last;
    return 0;
  }

  /** The encoded bytes, then the postings given since, each with its field blocks. */
  #parts(): MorePostings[] {
    return [{ bytes: this.#encoded!.bytes, blocks: this.#baseBlocks() }, ...(this.#more ?? [])];
  }

  /** The encoded bytes' field blocks, found once (a revived term's bytes do not say them). */
  #baseBlocks(): FieldBlock[] {
    const encoded = this.#encoded!;
    encoded.blocks ??= fieldBlocks(encoded);
    return encoded.blocks;
  }

  /**
   * The encoded bytes and the postings given since, as one term's bytes, to `writer`;
   * the blocks written (positions in `writer`'s bytes). Fields in the order their Map
   * would have them: the encoded ones, then each new field where it first came.
   */
  #writeJoined(writer: VarintWriter): FieldBlock[] {
    const parts = this.#parts();
    const order: number[] = [];
    for (const part of parts)
      for (const { fieldId } of part.blocks) if (!order.includes(fieldId)) order.push(fieldId);
    writer.push(order.length);
    const written: FieldBlock[] = [];
    for (const fieldId of order) {
      let count = 0;
      for (const part of parts)
        for (const block of part.blocks) if (block.fieldId === fieldId) count += block.count;
      writer.push(fieldId);
      writer.push(count);
      const from = writer.length;
      let last = 0;
      for (const part of parts)
        for (const block of part.blocks) {
          if (block.fieldId !== fieldId) continue;
          writer.pushRange(part.bytes, block.from, block.to);
          last = block.last;
        }
      written.push({ fieldId, count, from, to: writer.length, last });
    }
    return written;
  }

  /** The postings given since joined to the bytes: one copy of them all. */
  #join(): void {
    if (!this.#more) return;
    let size = 16;
    for (const part of this.#parts())
      for (const block of part.blocks) size += 10 + block.to - block.from;
    const writer = new VarintWriter(size);
    const blocks = this.#writeJoined(writer);
    this.#encoded = { bytes: writer.bytes, start: 0, end: writer.length, blocks };
    this.#more = null;
  }

  /**
   * In how many notes the term's largest field is (its largest Map's size),
   * read from the counts in the bytes when still encoded: a query's plan asks
   * this of common words it then leaves out, and of a prefix's completions,
   * and decoding them into Maps only to count was most of a first query.
   * Within a field a note has one posting, so a count is its Map's size.
   */
  largestField(): number {
    // Counted from the blocks when postings wait to be joined: a query's plan asks this of
    // a prefix's completions, and joining each of them only to count would copy them all.
    if (this.#more && this.#largest < 0) {
      const counts = new Map<number, number>();
      for (const part of this.#parts())
        for (const b of part.blocks) counts.set(b.fieldId, (counts.get(b.fieldId) ?? 0) + b.count);
      this.#largest = Math.max(0, ...counts.values());
    }
    const encoded = this.#encoded;
    let most = 0;
    if (!encoded) {
      super.forEach((docs) => {
        most = Math.max(most, docs.size);
      });
      return most;
    }
    // Kept: every query's plan asks it of each of its words' forms again.
    if (this.#largest >= 0) return this.#largest;
    if (encoded.blocks) for (const block of encoded.blocks) most = Math.max(most, block.count);
    else {
      const r = new VarintReader(encoded.bytes, encoded.start, encoded.end);
      for (let fields = r.next(); fields > 0; fields--) {
        r.next();
        const count = r.next();
        most = Math.max(most, count);
        r.skipMany(2 * count);
      }
      if (r.at !== encoded.end) throw new Error(UNREADABLE);
    }
    this.#largest = most;
    return most;
  }

  #decode(): void {
    this.#join();
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
    this.#more = null;
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
