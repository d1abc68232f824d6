import type { SearchOptions } from 'minisearch';
import type { Level } from './score-scratch.ts';

/** minisearch 7.2's internals read here (no API exposes postings; query-plan.ts reads them too). */
export type TermData = Map<number, Map<number, number>>;
export interface Internals {
  _index: {
    get(term: string): TermData | undefined;
    fuzzyGet(term: string, distance: number): Map<string, [TermData, number]>;
  };
  _options: {
    fields: string[];
    tokenize: (text: string, field?: string) => string[];
    processTerm: (term: string, field?: string) => string | string[] | null | undefined | false;
    searchOptions: SearchOptions & { bm25: { k: number; b: number; d: number }; maxFuzzy: number };
  };
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  _fieldLength: Map<number, number[]>;
  _storedFields: Map<number, Record<string, unknown> | undefined>;
  _documentIds: Map<number, unknown>;
  _documentCount: number;
  _nextId: number;
  removeTerm(fieldId: number, docId: number, term: string): void;
}

/** minisearch's `_fieldLength` as arrays by note id: one read per posting instead of a Map lookup. */
interface FieldLengths {
  of: Map<number, number[]>;
  /** The ids below this one are filled in. */
  nextId: number;
  /** `of.size` then: fewer now (with no new id missing) means notes were removed. */
  known: Uint8Array;
  present: number;
  /** Per field id, each note's length (NaN where minisearch holds none, as its `undefined` reads). */
  byField: Float64Array[];
}
const lengthsCache = new WeakMap<Internals, FieldLengths>();

/** Copies note `doc`'s lengths into the arrays; false when minisearch holds none. */
function fill(into: FieldLengths, doc: number): boolean {
  const lengths = into.of.get(doc);
  if (lengths === undefined) return false;
  into.known[doc] = 1;
  lengths.forEach((length, fieldId) => {
    const field = into.byField[fieldId];
    if (field) field[doc] = length;
  });
  return true;
}

/** Arrays of `capacity` notes holding what `from` holds. */
function grownTo(from: FieldLengths, capacity: number): FieldLengths {
  const known = new Uint8Array(capacity);
  known.set(from.known);
  const byField = from.byField.map((old) => {
    const field = new Float64Array(capacity).fill(Number.NaN);
    field.set(old);
    return field;
  });
  return { ...from, known, byField };
}

/**
 * The field lengths, kept up to date as the index changes, not rebuilt: a
 * rebuild walked every note, and the first query after each edit paid it.
 * Notes added have ids from `nextId` on; a note removed leaves `_fieldLength`
 * (minisearch never reuses an id), found by one pass over the known ids. A
 * revived index brings a new Map, and so new arrays.
 */
export function fieldLengths(m: Internals): FieldLengths {
  const of = m._fieldLength;
  let cached = lengthsCache.get(m);
  if (cached && cached.of === of && cached.nextId === m._nextId && cached.present === of.size)
    return cached;
  if (!cached || cached.of !== of) {
    const byField = Object.values(m._fieldIds).map(() => new Float64Array(0));
    cached = { of, nextId: 0, known: new Uint8Array(0), present: 0, byField };
  }
  const size = m._nextId;
  // Room to grow: notes added one by one would otherwise copy the arrays each time.
  if (cached.known.length < size) cached = grownTo(cached, size + (size >> 3) + 64);
  let present = cached.present;
  for (let doc = cached.nextId; doc < size; doc++) {
    cached.known[doc] = 0;
    if (fill(cached, doc)) present++;
  }
  if (present !== of.size)
    for (let doc = 0; doc < cached.nextId; doc++)
      if (cached.known[doc] === 1 && !of.has(doc)) {
        cached.known[doc] = 0;
        for (const field of cached.byField) field[doc] = Number.NaN;
      }
  const fresh = { ...cached, nextId: size, present: of.size };
  lengthsCache.set(m, fresh);
  return fresh;
}

/**
 * minisearch's termResults: BM25 of one index term (`derived`, matched for a
 * query term) in each field, added into `how.into`, with the same arithmetic in
 * the same order as minisearch's (floating point is not associative).
 */
export function addTermScores(
  m: Internals,
  derived: string,
  termWeight: number,
  termBoost: number,
  data: TermData,
  how: {
    fields: readonly string[];
    boosts: readonly number[];
    bm25: { k: number; b: number; d: number };
    into: Level;
  },
): void {
  const { fields, boosts, into } = how;
  const { k, b, d: delta } = how.bm25;
  const total = m._documentCount;
  const { known, byField } = fieldLengths(m);
  const { score, present, list } = into;
  fields.forEach((field, f) => {
    const fieldId = m._fieldIds[field] as number;
    const freqs = data.get(fieldId);
    if (freqs == null) return;
    let matching = freqs.size;
    const avg = m._avgFieldLength[fieldId] as number;
    const weight = termWeight * termBoost * (boosts[f] as number);
    let idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
    let n = into.n;
    const lengths = byField[fieldId] as Float64Array;
    // forEach, not for…of: no entry array per posting (4× faster over a common word's notes).
    freqs.forEach((termFreq, doc) => {
      // A note discarded since: minisearch drops its posting as it meets it, and so it counts no more.
      if (known[doc] !== 1) {
        m.removeTerm(fieldId, doc, derived);
        matching -= 1;
        idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
        return;
      }
      const fieldLength = lengths[doc] as number;
      const raw =
        idf * (delta + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avg)));
      if (present[doc] === 0) {
        present[doc] = 1;
        list[n++] = doc;
      }
      score[doc] = (score[doc] as number) + weight * raw;
    });
    into.n = n;
  });
}
