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
  const lengths = m._fieldLength;
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
    // forEach, not for…of: no entry array per posting (4× faster over a common word's notes).
    freqs.forEach((termFreq, doc) => {
      const length = lengths.get(doc);
      // A note discarded since: minisearch drops its posting as it meets it, and so it counts no more.
      if (length === undefined) {
        m.removeTerm(fieldId, doc, derived);
        matching -= 1;
        idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
        return;
      }
      const fieldLength = length[fieldId] as number;
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
