import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadRelevanceCases,
  parseRelevanceSet,
  type RelevanceCase,
  type RelevanceHalf,
} from './relevance-cases.ts';

const TLDR_ES = fileURLToPath(new URL('./tldr-es.json', import.meta.url));

const validCase = (over: Partial<RelevanceCase> = {}): RelevanceCase => ({
  id: 'q001',
  query: 'comprimir carpeta',
  expected: ['common/tar.md'],
  paraphrase: false,
  half: 'tuning',
  why: 'tar archives a folder',
  ...over,
});

const set = (cases: unknown[]) => ({ about: 'test set', cases });

describe('parseRelevanceSet', () => {
  it('accepts a well-formed set', () => {
    expect(parseRelevanceSet(set([validCase()]), 'x.json').cases).toHaveLength(1);
  });

  it('refuses two cases with the same id', () => {
    const cases = [validCase(), validCase({ query: 'otra consulta' })];
    expect(() => parseRelevanceSet(set(cases), 'x.json')).toThrow(/duplicate id q001/);
  });

  it('refuses expected paths that are absolute, climb out of the corpus or are not notes', () => {
    for (const path of ['/etc/passwd.md', 'common/../../secret.md', 'common/tar.txt']) {
      const bad = set([validCase({ expected: [path] })]);
      expect(() => parseRelevanceSet(bad, 'x.json'), path).toThrow(/x\.json/);
    }
  });

  it('refuses a case with no expected note, an unknown half or a missing field', () => {
    const { why: _dropped, ...noWhy } = validCase();
    const bad = [validCase({ expected: [] }), { ...validCase(), half: 'test' }, noWhy];
    for (const c of bad) expect(() => parseRelevanceSet(set([c]), 'x.json')).toThrow();
  });
});

describe('bench/relevance/tldr-es.json', () => {
  let cases: RelevanceCase[];
  beforeAll(async () => {
    cases = await loadRelevanceCases(TLDR_ES);
  });

  const inHalf = (half: RelevanceHalf) => cases.filter((c) => c.half === half);
  const paraphrases = (list: RelevanceCase[]) => list.filter((c) => c.paraphrase).length;

  it('has at least 120 cases with unique ids and unique queries', () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    const queries = cases.map((c) => c.query.toLocaleLowerCase('es').trim());
    expect(new Set(queries).size).toBe(cases.length);
  });

  it('lists each expected note once per case', () => {
    for (const c of cases) expect(new Set(c.expected).size, c.id).toBe(c.expected.length);
  });

  it('is at least 60% paraphrases', () => {
    expect(paraphrases(cases) / cases.length).toBeGreaterThanOrEqual(0.6);
  });

  it('puts each case in the half its id parity gives (odd: tuning, even: heldout), as the file states', () => {
    for (const c of cases) {
      const odd = Number(c.id.slice(1)) % 2 === 1;
      expect(c.half, c.id).toBe(odd ? 'tuning' : 'heldout');
    }
  });

  it('splits into halves of the same size and the same number of paraphrases', () => {
    const tuning = inHalf('tuning');
    const heldout = inHalf('heldout');
    expect(tuning.length).toBe(heldout.length);
    expect(paraphrases(tuning)).toBe(paraphrases(heldout));
  });
});
