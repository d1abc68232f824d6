import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import type { AnalysisOptions } from '../analysis/note-analysis.ts';

/**
 * The one module that reaches into minisearch's private state. minisearch has
 * no API for postings, field lengths or its term tree, and the fast paths here
 * (filing postings in batches, scoring in one pass, a quick save and reload)
 * read and write them. Every other file goes through `internalsOf`, so an
 * upgrade that renames a field breaks here, and `minisearch-internals.test.ts`
 * says which field.
 */

/** The minisearch release these fields were read from. */
export const MINISEARCH_INTERNALS_VERSION = '7.2.0';

/** minisearch's data for one term: field id → short document id → frequency. */
export type TermData = Map<number, Map<number, number>>;

/**
 * A node of the term index's radix tree: a Map from an edge's letters to the
 * child node; its `''` key holds the data of the term that ends there.
 */
export type TermTree = Map<string, unknown>;

/** minisearch's term index (its SearchableMap) as the fast paths use it. */
export interface TermIndex {
  /** The radix tree's root. */
  _tree: TermTree;
  /** The cached term count; undefined makes minisearch count again. */
  _size: number | undefined;
  get(term: string): TermData | undefined;
  /** The term's data, created with `initial` (and set in the tree) when new. */
  fetch(term: string, initial: () => TermData): TermData;
  set(term: string, data: TermData): unknown;
  /** Terms within `distance` edits of `term`, each with its data and distance. */
  fuzzyGet(term: string, distance: number): Map<string, [TermData, number]>;
  /** Every term's data, in the tree's order. */
  values(): Iterable<TermData>;
  /** The terms that start with `prefix`. */
  atPrefix(prefix: string): { keys(): Iterable<string> };
}

/** minisearch's options after its defaults were filled in. */
export interface ResolvedOptions<T> extends AnalysisOptions<T> {
  /** A search calls it with the text alone. */
  tokenize(text: string, field?: string): string[];
  processTerm(term: string, field?: string): string | string[] | null | undefined | false;
  searchOptions: SearchOptions & { bm25: { k: number; b: number; d: number }; maxFuzzy: number };
}

/** minisearch's private state and methods that the fast paths read, write or replace. */
export interface MiniSearchInternals<T> {
  _index: TermIndex;
  _options: ResolvedOptions<T>;
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  /** Short id → each field's length (in field id order). */
  _fieldLength: Map<number, number[]>;
  _storedFields: Map<number, Record<string, unknown> | undefined>;
  /** Short id → the document's id. */
  _documentIds: Map<number, unknown>;
  _idToShortId: Map<unknown, number>;
  _documentCount: number;
  /** The next short id (ids are never reused). */
  _nextId: number;
  _dirtCount: number;
  /** Files one occurrence of `term` (replaced by fast-add-term.ts). */
  addTerm(fieldId: number, documentId: number, term: string): void;
  removeTerm(fieldId: number, documentId: number, term: string): void;
  addDocumentId(id: unknown): number;
  saveStoredFields(shortId: number, doc: T): void;
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void;
}

/** `index`'s private state: the same object, typed as the fields this module lists. */
export function internalsOf<T>(index: MiniSearch<T>): MiniSearchInternals<T> {
  return index as unknown as MiniSearchInternals<T>;
}
