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
  nextId: number;
  count: number;
  /** 1 where the note is in the index. */
  known: Uint8Array;
  /** Per field id, each note's length (NaN where minisearch holds none, as its `undefined` reads). */
  byField: Float64Array[];
}
const lengthsCache = new WeakMap<Internals, FieldLengths>();

/**
 * The field lengths, rebuilt only after the index changed: a note added moves
 * `_nextId`, one removed lowers `_documentCount`, a revived index brings a new Map.
 */
function fieldLengths(m: Internals): FieldLengths {
  const cached = lengthsCache.get(m);
  const of = m._fieldLength;
  if (
    cached &&
    cached.of === of &&
    cached.nextId === m._nextId &&
    cached.count === m._documentCount
  )
    return cached;
  const size = m._nextId;
  const known = new Uint8Array(size);
  const byField = Object.values(m._fieldIds).map(() => new Float64Array(size).fill(Number.NaN));
  for (const [doc, lengths] of of) {
    known[doc] = 1;
    lengths.forEach((length, fieldId) => {
      const field = byField[fieldId];
      if (field) field[doc] = length;
    });
  }
  const fresh = { of, nextId: size, count: m._documentCount, known, byField };
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
