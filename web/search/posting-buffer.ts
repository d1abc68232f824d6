import type MiniSearch from 'minisearch';
import type { TermAccess, TermData } from './fast-add-term.ts';
import { grown, IntList } from './int-list.ts';
import { type FieldBlock, fieldBlocks, LazyTermData } from './lazy-term-data.ts';
import { type AnalysisOptions, type AnalyzedDocs, NoteAnalyzer } from './note-analysis.ts';
import { VarintWriter, zigzag } from './varint-writer.ts';

/** The parts of minisearch (7.2.0) that its `add` uses, and so this file. */
interface Internals<T> {
  _options: AnalysisOptions<T>;
  _fieldIds: Record<string, number>;
  _documentCount: number;
  _idToShortId: Map<unknown, number>;
  addDocumentId(id: unknown): number;
  saveStoredFields(shortId: number, doc: T): void;
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void;
}

/** Postings held before they are filed: past this many, `add` files them (~12 MB of arrays). */
const MAX_PENDING = 1 << 20;
/** Distinct terms numbered; past this many, the next flush forgets their numbers. */
const MAX_TERMS = 200_000;

/** The source number of this buffer's own analyzer (others' are theirs to choose). */
const OWN = -1;

/** One analyzer's terms as this buffer knows them: its numbers → the buffer's (plus one; 0: not looked up yet). */
interface Source {
  terms: string[];
  ids: Int32Array<ArrayBuffer>;
}

/**
 * minisearch's `add`, in two steps that build exactly the same index. `add`
 * does the document's share at once (its id, stored fields and field lengths,
 * so `has` and the counts are right) and counts its terms per field (a
 * `NoteAnalyzer`, here or in another worker: `addAnalyzed`); their
 * postings wait in flat arrays. `flush` files them term by term: every
 * document of a term's field in one run into its Map. Filing them document by
 * document, as minisearch does, writes into tens of thousands of growing Maps
 * in turn, which cost ten times as much (cache misses, and the garbage
 * collector copying every Map's live storage): 6.8 s against 0.5 s for the
 * 2.6 million postings of the 10k bench vault, in Node on the shared machine.
 *
 * The index is the same Map for Map, in the same order: terms reach the tree,
 * fields a term's data and documents a field's Map in the order minisearch
 * would add them (first occurrence). Anything that reads the index, or removes
 * from it, must `flush` first.
 */
export class PostingBuffer<T> {
  private readonly m: Internals<T>;
  private readonly fieldCount: number;
  /** Analyses documents added here (source OWN); other sources are analyzers elsewhere. */
  private readonly analyzer: NoteAnalyzer<T>;
  private readonly sources = new Map<number, Source>();
  /** Every term seen, numbered. */
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  /** Per term × field: 1 + its pair's number in this batch (pairs numbered by first occurrence), 0 when none. */
  private pairSlot = new Int32Array(1 << 12);
  private pairKeys = new IntList();
  /**
   * One posting per (pair, document), three numbers each, side by side: the
   * pair, the document's short id, the frequency. Kept from batch to batch
   * (regrowing three lists for every batch was garbage and copying).
   */
  private postings = new Int32Array(1 << 16);
  private postingCount = 0;
  /** Scratch for `flush`, kept too: each pair's first posting in `sorted`, and the postings by pair. */
  private start = new Int32Array(1 << 12);
  private sorted = new Int32Array(1 << 16);

  /** `wordText`: see NoteAnalyzer's (the index's tokenizer takes the words of that text). */
  constructor(
    index: MiniSearch<T>,
    private readonly access: TermAccess,
    wordText?: (text: string) => string,
  ) {
    this.m = index as unknown as Internals<T>;
    this.fieldCount = this.m._options.fields.length;
    this.analyzer = new NoteAnalyzer(this.m._options, wordText);
  }

  /** What an analyzer elsewhere needs to analyse documents for this index: its options. */
  get options(): AnalysisOptions<T> {
    return this.m._options;
  }

  /** Postings waiting to be filed. */
  get pending(): number {
    return this.postingCount;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.termIds.set(term, id);
    this.terms.push(term);
    this.pairSlot = grown(this.pairSlot, (id + 1) * this.fieldCount);
    return id;
  }

  /** Adds `doc` (its id must not be in the index); files the batch when it is large. */
  add(doc: T): void {
    this.addAnalyzed(this.analyzer.analyze([doc], true), OWN);
  }

  /**
   * Adds documents analysed by analyzer `source` (not 0), in the order it
   * analysed them (its term numbers build on its earlier answers; first term 0: a new analyzer). A source
   * started afresh (a new worker) numbers its terms from 0 again.
   */
  addAnalyzed(analyzed: AnalyzedDocs, source: number): void {
    const m = this.m;
    const { extractField, idField } = m._options;
    let from = this.sources.get(source);
    if (!from || analyzed.firstTerm === 0) {
      from = { terms: [], ids: new Int32Array(1 << 12) };
      this.sources.set(source, from);
    }
    if (analyzed.firstTerm !== from.terms.length) throw new Error('análisis fuera de orden');
    for (const term of analyzed.terms) from.terms.push(term);
    from.ids = grown(from.ids, from.terms.length);
    const ids = from.ids;
    const data = analyzed.data;
    const fieldCount = this.fieldCount;
    // Room for every posting of these documents: at most one per pair of numbers in `data`.
    this.reserve(data.length >> 1);
    const postings = this.postings;
    let put = 3 * this.postingCount;
    let at = 0;
    for (const doc of analyzed.docs as T[]) {
      const id = extractField(doc, idField);
      if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`);
      if (m._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`);
      const shortId = m.addDocumentId(id);
      m.saveStoredFields(shortId, doc);
      for (let fieldId = 0; fieldId < fieldCount; fieldId++) {
        const length = data[at++]!;
        if (length < 0) continue;
        m.addFieldLength(shortId, fieldId, m._documentCount - 1, length);
        const end = at + 1 + 2 * data[at]!;
        for (at++; at < end; at += 2) {
          const local = data[at]!;
          let term = ids[local]! - 1;
          if (term < 0) {
            term = this.termId(from.terms[local]!);
            ids[local] = term + 1;
          }
          const key = term * fieldCount + fieldId;
          const slots = this.pairSlot;
          let slot = slots[key]!;
          if (slot === 0) {
            this.pairKeys.push(key);
            slot = this.pairKeys.length;
            slots[key] = slot;
          }
          postings[put] = slot - 1;
          postings[put + 1] = shortId;
          postings[put + 2] = data[at + 1]!;
          put += 3;
        }
      }
    }
    this.postingCount = put / 3;
    if (this.postingCount >= MAX_PENDING) this.flush();
  }

  /** Room for `more` postings after those waiting. */
  private reserve(more: number): void {
    const size = 3 * (this.postingCount + more);
    if (size <= this.postings.length) return;
    const bigger = new Int32Array(Math.max(size, 2 * this.postings.length));
    bigger.set(this.postings.subarray(0, 3 * this.postingCount));
    this.postings = bigger;
  }

  /**
   * Files every waiting posting into the index. A term new to the index (or
   * still as it was encoded) gets its postings encoded, as a saved index
   * holds them (`LazyTermData`, decoded when a query first reads it): two
   * and a half million postings in Maps were most of a first sync's filing
   * and of its garbage collection. A term already in Maps gets them there.
   */
  flush(): void {
    const n = this.postingCount;
    if (n === 0) return;
    const keys = this.pairKeys.items;
    const count = this.pairKeys.length;
    const fieldCount = this.fieldCount;
    const postings = this.postings;
    // A counting sort by pair, stable: each pair's postings in document order,
    // moved (document, frequency) into `sorted`, so that encoding reads them in
    // order (through a permutation, every read was a cache miss).
    if (this.start.length < count + 1) this.start = new Int32Array(2 * (count + 1));
    const start = this.start;
    start.fill(0, 0, count + 1);
    for (let j = 0; j < 3 * n; j += 3) start[postings[j]! + 1]!++;
    for (let p = 0; p < count; p++) start[p + 1]! += start[p]!;
    const next = start.slice(0, count);
    if (this.sorted.length < 2 * n) this.sorted = new Int32Array(2 * Math.max(n, MAX_PENDING));
    const sorted = this.sorted;
    for (let j = 0; j < 3 * n; j += 3) {
      const to = 2 * next[postings[j]!]!++;
      sorted[to] = postings[j + 1]!;
      sorted[to + 1] = postings[j + 2]!;
    }
    // The pairs by term, terms in the order of their first pair (the order minisearch meets them).
    const rank = new Int32Array(this.terms.length).fill(-1);
    const ranked: number[] = [];
    for (let p = 0; p < count; p++) {
      const term = (keys[p]! / fieldCount) | 0;
      if (rank[term]! < 0) rank[term] = ranked.push(term) - 1;
    }
    const from = new Int32Array(ranked.length + 1);
    for (let p = 0; p < count; p++) from[rank[(keys[p]! / fieldCount) | 0]! + 1]!++;
    for (let r = 0; r < ranked.length; r++) from[r + 1]! += from[r]!;
    const byTerm = new Int32Array(count);
    const fill = from.slice(0, ranked.length);
    for (let p = 0; p < count; p++) byTerm[fill[rank[(keys[p]! / fieldCount) | 0]!]!++] = p;

    // Each term's data as it stands, and room for all that is written: the old
    // bytes of terms still encoded are copied over, and a writer that grows as
    // it goes copied everything written before again (twice a batch at 10k).
    const olds: (TermData | undefined)[] = [];
    let size = 4 * n + 16 * count;
    for (let r = 0; r < ranked.length; r++) {
      const old = this.access.peek(this.terms[ranked[r]!]!);
      olds.push(old);
      if (old instanceof LazyTermData && old.encoded) size += old.encoded.end - old.encoded.start;
    }
    const writer = new VarintWriter(size);
    /** Pair `p`'s postings, the first as a gap from `previous` (varints written in place: most of filing). */
    const postingsOf = (p: number, previous: number) => {
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
    };
    /** The last document of pair `p`'s postings, as written (in document order). */
    const lastOf = (p: number) => sorted[2 * start[p + 1]! - 2]!;
    /** Terms encoded now: new ones (`term`), or ones still encoded given more postings (`data`). */
    const encoded: {
      term: string;
      data?: LazyTermData;
      start: number;
      end: number;
      blocks?: FieldBlock[];
    }[] = [];
    for (let r = 0; r < ranked.length; r++) {
      const term = this.terms[ranked[r]!]!;
      const old = olds[r];
      const at = writer.length;
      if (old === undefined) {
        writer.push(from[r + 1]! - from[r]!);
        const written: FieldBlock[] = [];
        for (let q = from[r]!; q < from[r + 1]!; q++) {
          const p = byTerm[q]!;
          const fieldId = keys[p]! % fieldCount;
          const count = start[p + 1]! - start[p]!;
          writer.push(fieldId);
          writer.push(count);
          const blockFrom = writer.length;
          postingsOf(p, 0);
          written.push({ fieldId, count, from: blockFrom, to: writer.length, last: lastOf(p) });
        }
        encoded.push({ term, start: at, end: writer.length, blocks: written });
      } else if (old instanceof LazyTermData && old.encoded) {
        // Old fields keep their place (their bytes copied, the new documents after
        // theirs); fields new to the term follow, as they would in its Map.
        const blocks = fieldBlocks(old.encoded);
        const pairOf = new Map<number, number>();
        for (let q = from[r]!; q < from[r + 1]!; q++)
          pairOf.set(keys[byTerm[q]!]! % fieldCount, byTerm[q]!);
        writer.push(
          blocks.length +
            [...pairOf.keys()].filter((f) => !blocks.some((b) => b.fieldId === f)).length,
        );
        // The new blocks, as fieldBlocks would read them back from the bytes written.
        const written: FieldBlock[] = [];
        for (const block of blocks) {
          const p = pairOf.get(block.fieldId);
          const added = p === undefined ? 0 : start[p + 1]! - start[p]!;
          writer.push(block.fieldId);
          writer.push(block.count + added);
          const blockFrom = writer.length;
          writer.pushRange(old.encoded.bytes, block.from, block.to);
          if (p !== undefined) postingsOf(p, block.last);
          const last = p === undefined ? block.last : lastOf(p);
          written.push({
            fieldId: block.fieldId,
            count: block.count + added,
            from: blockFrom,
            to: writer.length,
            last,
          });
          pairOf.delete(block.fieldId);
        }
        for (const [fieldId, p] of pairOf) {
          const count = start[p + 1]! - start[p]!;
          writer.push(fieldId);
          writer.push(count);
          const blockFrom = writer.length;
          postingsOf(p, 0);
          written.push({ fieldId, count, from: blockFrom, to: writer.length, last: lastOf(p) });
        }
        encoded.push({ term, data: old, start: at, end: writer.length, blocks: written });
      } else {
        for (let q = from[r]!; q < from[r + 1]!; q++) {
          const p = byTerm[q]!;
          const fieldId = keys[p]! % fieldCount;
          let field = old.get(fieldId);
          if (field === undefined) {
            field = new Map();
            old.set(fieldId, field);
          }
          for (let k = 2 * start[p]!; k < 2 * start[p + 1]!; k += 2)
            field.set(sorted[k]!, sorted[k + 1]!);
        }
      }
    }
    for (let p = 0; p < count; p++) this.pairSlot[keys[p]!] = 0;
    // The bytes are final now (the writer grew as it went).
    const bytes = writer.bytes;
    for (const e of encoded) {
      const at = { bytes, start: e.start, end: e.end, blocks: e.blocks };
      if (e.data) e.data.reencode(at);
      else this.access.put(e.term, new LazyTermData(at));
    }
    this.pairKeys.length = 0;
    this.postingCount = 0;
    if (this.terms.length > MAX_TERMS) {
      this.termIds = new Map();
      this.terms = [];
      this.pairSlot = new Int32Array(1 << 12);
      for (const from of this.sources.values()) from.ids.fill(0);
    }
  }
}
