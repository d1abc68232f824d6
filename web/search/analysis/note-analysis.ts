import { grown, IntList } from '../../../common/spanish/int-list.ts';
import { TokenTable, wordText } from '../../../common/spanish/token-table.ts';

/** What analysing documents needs of minisearch's options (its `_options`, defaults filled in). */
export interface AnalysisOptions<T> {
  fields: string[];
  idField: string;
  storeFields: string[];
  extractField(doc: T, field: string): unknown;
  stringifyField(value: unknown, field: string): string;
  tokenize(text: string, field: string): string[];
  processTerm(term: string, field: string): string | string[] | null | undefined | false;
}

/**
 * Documents turned into what minisearch files, by one `NoteAnalyzer`: each
 * document's id and stored fields (nothing else of it: a note's text stays
 * where it was analysed), the terms new to that analyzer (numbered from
 * `firstTerm`), and `data`, for each document and field in order: the field's
 * length (distinct tokens, as minisearch counts it) or -1 when the field is
 * absent, the number of its terms, then each term's number and frequency in
 * the order minisearch meets them. Plain arrays and one Int32Array: cheap to
 * post between workers.
 */
export interface AnalyzedDocs {
  docs: Record<string, unknown>[];
  firstTerm: number;
  terms: string[];
  data: Int32Array<ArrayBuffer>;
}

/** Distinct tokens remembered with their terms; past this many, the analyzer starts afresh. */
const MAX_TOKENS = 200_000;

/**
 * The per-document half of minisearch's `add` (7.2.0): tokenizing, processing
 * and counting, with no index at hand, so that it can run in another worker.
 * Every token is processed once (processTerm must depend on the token alone)
 * and numbered, as is every term; `PostingBuffer.addAnalyzed` files the
 * result exactly as `add` would have (same Maps, same order).
 */
export class NoteAnalyzer<T> {
  private tokenIds = new Map<string, number>();
  /** The tokens when `wordText` is given (numbered as they are scanned, instead of `tokenIds`). */
  private table = new TokenTable();
  private readonly scanned = new IntList();
  /** The output, reused from call to call (its items are copied out). */
  private readonly out = new IntList();
  /**
   * Two numbers per token, side by side (one cache line for all a token
   * costs): its count in the field being analysed (zero between fields), and
   * its term's number when it has exactly one, or else -1 - k, its terms
   * being `multi[k + 1 .. k + multi[k]]`. Looking these up in three arrays
   * (counts, where a token's terms start, the terms) was most of the counting.
   */
  private tokenInfo = new Int32Array(2 << 12);
  private multi = new IntList();
  /** Tokens given their terms so far. */
  private tokenCount = 0;
  private termIds = new Map<string, number>();
  private termCount = 0;
  /** Per term of the field being analysed: its count (zero between fields). */
  private termCounts = new Int32Array(1 << 12);
  private readonly seenTokens = new IntList();
  private readonly seenTerms = new IntList();

  /**
   * `wordText`, when given, says that `options.tokenize` takes the words of
   * `wordText(text)` as `words` in spanish-analyzer.ts does: a `TokenTable`
   * then finds and numbers them (several times cheaper than tokenizing to
   * strings and looking each up).
   */
  constructor(
    private readonly options: AnalysisOptions<T>,
    private readonly wordText?: (text: string) => string,
  ) {}

  private termId(term: string, fresh: string[]): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.termCount++;
    this.termIds.set(term, id);
    fresh.push(term);
    this.termCounts = grown(this.termCounts, id + 1);
    return id;
  }

  private tokenId(token: string, field: string, fresh: string[]): number {
    let id = this.tokenIds.get(token);
    if (id !== undefined) return id;
    id = this.tokenCount;
    this.tokenIds.set(token, id);
    const processed = this.options.processTerm(token, field);
    const terms = Array.isArray(processed) ? processed : processed ? [processed] : [];
    this.addTerms(terms, fresh);
    return id;
  }

  /** The next token's terms. */
  private addTerms(terms: readonly string[], fresh: string[]): void {
    const token = this.tokenCount++;
    this.tokenInfo = grown(this.tokenInfo, 2 * this.tokenCount);
    if (terms.length === 1) {
      this.tokenInfo[2 * token + 1] = this.termId(terms[0]!, fresh);
      return;
    }
    const { multi } = this;
    this.tokenInfo[2 * token + 1] = -1 - multi.length;
    multi.push(terms.length);
    for (const t of terms) multi.push(this.termId(t, fresh));
  }

  /** Gives the tokens the table has numbered since the last call their terms. */
  private processScanned(field: string, fresh: string[]): void {
    const { tokens } = this.table;
    for (let id = this.tokenCount; id < tokens.length; id++) {
      const processed = this.options.processTerm(tokens[id]!, field);
      const terms = Array.isArray(processed) ? processed : processed ? [processed] : [];
      this.addTerms(terms, fresh);
    }
  }

  /** Counts a field's tokens into `tokenInfo`, listing each distinct one in `seenTokens`. */
  private countTokens(text: string, field: string, fresh: string[]): void {
    const { seenTokens } = this;
    seenTokens.length = 0;
    if (!this.wordText) {
      for (const token of this.options.tokenize(text, field)) {
        const t = this.tokenId(token, field, fresh);
        const info = this.tokenInfo; // after tokenId, which may have grown it
        if (info[2 * t] === 0) seenTokens.push(t);
        info[2 * t]! += 1;
      }
      return;
    }
    const ids = this.scanned;
    ids.length = 0;
    // The Spanish analyzer's own `wordText`: the table lowers the words itself.
    if (this.wordText === wordText) this.table.scanWordText(text, ids);
    else this.table.scan(this.wordText(text), ids);
    if (this.table.size > this.tokenCount) this.processScanned(field, fresh);
    const info = this.tokenInfo;
    const items = ids.items;
    for (let i = 0; i < ids.length; i++) {
      const t = 2 * items[i]!;
      if (info[t] === 0) seenTokens.push(t >> 1);
      info[t]! += 1;
    }
  }

  /**
   * `shared`: `data` may be a view of this analyzer's own buffer, valid until
   * its next call (for a caller that reads it at once, in this thread: a copy
   * of every note's numbers was garbage the collector kept paying for).
   */
  analyze(docs: readonly T[], shared = false): AnalyzedDocs {
    if (this.tokenCount > MAX_TOKENS) {
      this.tokenIds = new Map();
      this.table = new TokenTable();
      this.tokenInfo = new Int32Array(2 << 12);
      this.multi = new IntList();
      this.tokenCount = 0;
      this.termIds = new Map();
      this.termCount = 0;
    }
    const { extractField, stringifyField, fields, idField, storeFields } = this.options;
    const firstTerm = this.termCount;
    const terms: string[] = [];
    const { out, seenTokens, seenTerms } = this;
    out.length = 0;
    const stored: Record<string, unknown>[] = [];
    for (const doc of docs) {
      const kept: Record<string, unknown> = { [idField]: extractField(doc, idField) };
      for (const name of storeFields) kept[name] = extractField(doc, name);
      stored.push(kept);
      for (const field of fields) {
        const value = extractField(doc, field);
        if (value == null) {
          out.push(-1);
          continue;
        }
        // Each distinct token's count, then each term's (a token's count added to each
        // of its terms), both in the order of their first occurrence.
        this.countTokens(stringifyField(value, field), field, terms);
        out.push(seenTokens.length);
        const { tokenInfo, termCounts } = this;
        const multi = this.multi.items;
        seenTerms.length = 0;
        for (let i = 0; i < seenTokens.length; i++) {
          const t = 2 * seenTokens.items[i]!;
          const count = tokenInfo[t]!;
          const one = tokenInfo[t + 1]!;
          tokenInfo[t] = 0;
          if (one >= 0) {
            if (termCounts[one] === 0) seenTerms.push(one);
            termCounts[one]! += count;
            continue;
          }
          const k = -1 - one;
          for (let j = k + 1; j <= k + multi[k]!; j++) {
            const term = multi[j]!;
            if (termCounts[term] === 0) seenTerms.push(term);
            termCounts[term]! += count;
          }
        }
        out.push(seenTerms.length);
        for (let i = 0; i < seenTerms.length; i++) {
          const term = seenTerms.items[i]!;
          out.push(term);
          out.push(termCounts[term]!);
          termCounts[term] = 0;
        }
      }
    }
    const data = shared ? out.items.subarray(0, out.length) : out.items.slice(0, out.length);
    return { docs: stored, firstTerm, terms, data };
  }
}
