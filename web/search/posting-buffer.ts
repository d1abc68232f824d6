import type MiniSearch from 'minisearch';
import type { TermData } from './fast-add-term.ts';
import { grown, IntList } from './int-list.ts';

/** The parts of minisearch (7.2.0) that its `add` uses, and so this file. */
interface Internals<T> {
  _options: {
    fields: string[];
    idField: string;
    extractField(doc: T, field: string): unknown;
    stringifyField(value: unknown, field: string): string;
    tokenize(text: string, field: string): string[];
    processTerm(term: string, field: string): string | string[] | null | undefined | false;
  };
  _fieldIds: Record<string, number>;
  _documentCount: number;
  _idToShortId: Map<unknown, number>;
  addDocumentId(id: unknown): number;
  saveStoredFields(shortId: number, doc: T): void;
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void;
}

/** Postings held before they are filed: past this many, `add` files them (~12 MB of arrays). */
const MAX_PENDING = 1 << 20;
/** Distinct tokens remembered with their terms; past this many, the next flush forgets them. */
const MAX_TOKENS = 200_000;

/**
 * minisearch's `add`, in two steps that build exactly the same index. `add`
 * does the document's share at once (its id, stored fields and field lengths,
 * so `has` and the counts are right) and counts its terms per field; their
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
  /** Every token seen, numbered, with its terms' numbers (processTerm must depend on the token alone). */
  private tokenIds = new Map<string, number>();
  private tokenTerms: number[][] = [];
  /** Every term seen, numbered. */
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  /** Per token and per term of the field being added: its count (zero between fields). */
  private tokenCount = new Int32Array(1 << 12);
  private termCount = new Int32Array(1 << 12);
  private readonly seenTokens = new IntList();
  private readonly seenTerms = new IntList();
  /** Per term × field: 1 + its pair's number in this batch (pairs numbered by first occurrence), 0 when none. */
  private pairSlot = new Int32Array(1 << 12);
  private pairKeys = new IntList();
  /** One posting per (pair, document): the pair, the document's short id, the frequency. */
  private pairs = new IntList();
  private docs = new IntList();
  private freqs = new IntList();

  constructor(
    index: MiniSearch<T>,
    private readonly termData: (term: string) => TermData,
  ) {
    this.m = index as unknown as Internals<T>;
    this.fieldCount = this.m._options.fields.length;
  }

  /** Postings waiting to be filed. */
  get pending(): number {
    return this.pairs.length;
  }

  /** The number of `token`, processed (into its terms' numbers) the first time it is seen. */
  private tokenId(token: string, field: string): number {
    let id = this.tokenIds.get(token);
    if (id !== undefined) return id;
    id = this.tokenTerms.length;
    this.tokenIds.set(token, id);
    const processed = this.m._options.processTerm(token, field);
    const terms = Array.isArray(processed) ? processed : processed ? [processed] : [];
    this.tokenTerms.push(terms.map((t) => this.termId(t)));
    this.tokenCount = grown(this.tokenCount, id + 1);
    return id;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.termIds.set(term, id);
    this.terms.push(term);
    this.termCount = grown(this.termCount, id + 1);
    this.pairSlot = grown(this.pairSlot, (id + 1) * this.fieldCount);
    return id;
  }

  /** Adds `doc` (its id must not be in the index); files the batch when it is large. */
  add(doc: T): void {
    const m = this.m;
    const { extractField, stringifyField, tokenize, fields, idField } = m._options;
    const id = extractField(doc, idField);
    if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`);
    if (m._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`);
    const shortId = m.addDocumentId(id);
    m.saveStoredFields(shortId, doc);
    const { seenTokens, seenTerms } = this;
    for (const field of fields) {
      const value = extractField(doc, field);
      if (value == null) continue;
      const fieldId = m._fieldIds[field]!;
      // Each distinct token's count, then each term's (a token's count added to each
      // of its terms), both in the order of their first occurrence.
      seenTokens.length = 0;
      for (const token of tokenize(stringifyField(value, field), field)) {
        const t = this.tokenId(token, field);
        const counts = this.tokenCount; // after tokenId, which may have grown it
        if (counts[t] === 0) seenTokens.push(t);
        counts[t]! += 1;
      }
      m.addFieldLength(shortId, fieldId, m._documentCount - 1, seenTokens.length);
      const { tokenCount, termCount, tokenTerms } = this;
      seenTerms.length = 0;
      for (let i = 0; i < seenTokens.length; i++) {
        const t = seenTokens.items[i]!;
        for (const term of tokenTerms[t]!) {
          if (termCount[term] === 0) seenTerms.push(term);
          termCount[term]! += tokenCount[t]!;
        }
        tokenCount[t] = 0;
      }
      const slots = this.pairSlot;
      for (let i = 0; i < seenTerms.length; i++) {
        const term = seenTerms.items[i]!;
        const key = term * this.fieldCount + fieldId;
        let slot = slots[key]!;
        if (slot === 0) {
          this.pairKeys.push(key);
          slot = this.pairKeys.length;
          slots[key] = slot;
        }
        this.pairs.push(slot - 1);
        this.docs.push(shortId);
        this.freqs.push(termCount[term]!);
        termCount[term] = 0;
      }
    }
    if (this.pairs.length >= MAX_PENDING) this.flush();
  }

  /** Files every waiting posting into the index's Maps. */
  flush(): void {
    const n = this.pairs.length;
    if (n === 0) return;
    const keys = this.pairKeys;
    const count = keys.length;
    const pairs = this.pairs.items;
    const docs = this.docs.items;
    const freqs = this.freqs.items;
    // A counting sort by pair, stable: each pair's postings in document order.
    const start = new Int32Array(count + 1);
    for (let j = 0; j < n; j++) start[pairs[j]! + 1]!++;
    for (let p = 0; p < count; p++) start[p + 1]! += start[p]!;
    const next = start.slice(0, count);
    const order = new Int32Array(n);
    for (let j = 0; j < n; j++) order[next[pairs[j]!]!++] = j;
    for (let p = 0; p < count; p++) {
      const key = keys.items[p]!;
      this.pairSlot[key] = 0;
      const data = this.termData(this.terms[Math.floor(key / this.fieldCount)]!);
      const fieldId = key % this.fieldCount;
      let field = data.get(fieldId);
      if (field === undefined) {
        field = new Map();
        data.set(fieldId, field);
      }
      for (let k = start[p]!; k < start[p + 1]!; k++) {
        const j = order[k]!;
        field.set(docs[j]!, freqs[j]!);
      }
    }
    this.pairKeys = new IntList();
    this.pairs = new IntList();
    this.docs = new IntList();
    this.freqs = new IntList();
    if (this.tokenIds.size > MAX_TOKENS) {
      this.tokenIds = new Map();
      this.tokenTerms = [];
      this.termIds = new Map();
      this.terms = [];
      this.pairSlot = new Int32Array(1 << 12);
    }
  }
}
