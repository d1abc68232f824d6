import type MiniSearch from 'minisearch';
import { grown, IntList } from '../../../common/spanish/int-list.ts';
import {
  type AnalysisOptions,
  type AnalyzedDocs,
  NoteAnalyzer,
} from '../analysis/note-analysis.ts';
import { BatchEncoder, type BatchOrder, pairsByTerm, sortByPair } from './batch-encoder.ts';
import type { TermAccess } from './fast-add-term.ts';
import { LazyTermData } from './lazy-term-data.ts';
import { internalsOf, type MiniSearchInternals, type TermData } from './minisearch-internals.ts';

/** The batch's pairs forgotten: each pair's slot back to 0 for the next batch. */
function clearPairs(pairSlot: Int32Array, keys: Int32Array, count: number): void {
  for (let p = 0; p < count; p++) pairSlot[keys[p]!] = 0;
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
 * in turn, which cost many times as much (cache misses, and the garbage
 * collector copying every Map's live storage; measured: docs/FACTS.md).
 *
 * The index is the same Map for Map, in the same order: terms reach the tree,
 * fields a term's data and documents a field's Map in the order minisearch
 * would add them (first occurrence). Anything that reads the index, or removes
 * from it, must `flush` first.
 */
export class PostingBuffer<T> {
  /** The parts of minisearch that its `add` uses, and so this file. */
  private readonly m: MiniSearchInternals<T>;
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
    this.m = internalsOf(index);
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
    if (this.start.length < count + 1) this.start = new Int32Array(2 * (count + 1));
    if (this.sorted.length < 2 * n) this.sorted = new Int32Array(2 * Math.max(n, MAX_PENDING));
    sortByPair(this.postings, n, count, this.start, this.sorted);
    const order: BatchOrder = {
      start: this.start,
      sorted: this.sorted,
      ...pairsByTerm(keys, count, this.fieldCount, this.terms.length),
    };
    const olds = this.oldData(order.ranked);
    // Room for all that is written (a writer that grows as it goes copies what it wrote again).
    const encoder = new BatchEncoder(order, keys, this.fieldCount, 4 * n + 16 * count);
    this.encode(encoder, olds);
    clearPairs(this.pairSlot, keys, count);
    this.file(encoder);
    this.pairKeys.length = 0;
    this.postingCount = 0;
    if (this.terms.length > MAX_TERMS) {
      this.termIds = new Map();
      this.terms = [];
      this.pairSlot = new Int32Array(1 << 12);
      for (const from of this.sources.values()) from.ids.fill(0);
    }
  }

  /** Each of the batch's terms' data as it stands in the index (undefined: a new term). */
  private oldData(ranked: readonly number[]): (TermData | undefined)[] {
    return ranked.map((term) => this.access.peek(this.terms[term]!));
  }

  /** Every term of the batch, as its data in the index stands. */
  private encode(encoder: BatchEncoder, olds: readonly (TermData | undefined)[]): void {
    const { ranked } = encoder.order;
    for (let r = 0; r < ranked.length; r++) {
      const old = olds[r];
      if (old === undefined) encoder.newTerm(this.terms[ranked[r]!]!, r);
      else if (old instanceof LazyTermData && old.isEncoded) encoder.moreOfTerm(r, old);
      else encoder.intoMaps(r, old);
    }
  }

  /**
   * The batch's terms into the index, once its bytes are final (the writer grew as it
   * went), trimmed to what was written: terms hold on to them until they are read.
   */
  private file(encoder: BatchEncoder): void {
    const { writer } = encoder;
    const bytes =
      writer.bytes.length - writer.length > writer.length >> 3
        ? writer.bytes.slice(0, writer.length)
        : writer.bytes;
    for (const e of encoder.encoded) {
      const at = { bytes, start: e.start, end: e.end, blocks: e.blocks };
      this.access.put(e.term, new LazyTermData(at));
    }
    for (const { data, blocks } of encoder.appended) data.append({ bytes, blocks });
  }
}
