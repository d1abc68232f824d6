import MiniSearch, { type Options, type Query } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { restoreIndex, snapshotOf } from '../index/index-snapshot.ts';
import { LazyTermData } from '../index/lazy-term-data.ts';
import { internalsOf } from '../index/minisearch-internals.ts';
import { QueryScores } from './query-scores.ts';

/** More than any query here matches: the whole lists are compared, not only their heads. */
const ALL = 1_000;
const WORDS = ['faro', 'niebla', 'memoria', 'bóveda', 'tesis', 'jardín', 'albahaca', 'tomate'];

interface Doc {
  id: string;
  title: string;
  body: string;
  folder: string;
}

/** Notes of a few repeated words (ties and many notes per word, as in a real vault), the same each run. */
function docs(count: number): Doc[] {
  let x = 7;
  const next = (n: number) => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x % n;
  };
  return Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    title: WORDS[next(WORDS.length)]!,
    body: Array.from({ length: 1 + next(6) }, () => WORDS[next(WORDS.length)]).join(' '),
    folder: next(3) === 0 ? 'a' : 'b',
  }));
}

const OPTIONS: Options<Doc> = {
  fields: ['title', 'body'],
  storeFields: ['title', 'folder'],
  processTerm: (t) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
  searchOptions: { boost: { title: 2.5 }, processTerm: (t) => t },
};

function index(count = 300): MiniSearch<Doc> {
  const m = new MiniSearch<Doc>(OPTIONS);
  m.addAll(docs(count));
  return m;
}

/** The same index as a reload revives it: every term's postings still encoded (lazy-term-data.ts). */
const revived = (count = 300) => restoreIndex(snapshotOf(index(count)), OPTIONS);

/** How many of the index's terms are still encoded. */
function stillEncoded(m: MiniSearch<Doc>): number {
  const tree = internalsOf(m)._index;
  let n = 0;
  for (const data of tree.values()) if (data instanceof LazyTermData && data.encoded) n++;
  return n;
}

/** What note-index.ts did with minisearch's own results: scale, then a stable sort. */
function reference(
  m: MiniSearch<Doc>,
  query: Query,
  filter: (r: Record<string, unknown>) => boolean,
  factor: (terms: string[]) => number,
) {
  return m
    .search(query, { filter })
    .map((r) => ({
      id: r.id,
      score: (r.score / Math.max(1, r.queryTerms.length)) * factor(r.queryTerms),
      terms: [...r.terms].sort(),
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, ALL);
}

const bitsOf = (term: string) => 1 << WORDS.map((w) => w.slice(0, 4)).indexOf(term.slice(0, 4));
const factor = (bits: number) => 1 / (1 + bits.toString(2).replace(/0/g, '').length);

function ours(
  m: MiniSearch<Doc>,
  query: Query,
  filter: (r: Record<string, unknown>) => boolean = () => true,
) {
  return new QueryScores(m, query, filter, bitsOf)
    .top(ALL, factor)
    .map((n) => ({ id: n.id, score: n.score, terms: [...n.terms].sort() }));
}

const theirs = (
  m: MiniSearch<Doc>,
  query: Query,
  filter: (r: Record<string, unknown>) => boolean = () => true,
) => reference(m, query, filter, (terms) => factor(terms.reduce((b, t) => b | bitsOf(t), 0)));

/** One OR per word: its term, other forms with a lower weight, fuzzy when asked (as toQuery builds). */
const query = (combineWith: 'AND' | 'OR', words: string[][], fuzzy = false): Query => ({
  combineWith,
  queries: words.map(([term, ...related]) => ({
    combineWith: 'OR',
    queries: [
      { combineWith: 'OR', queries: [term!], fuzzy: fuzzy ? 0.2 : false },
      ...(related.length > 0
        ? [{ combineWith: 'OR' as const, queries: related, boostTerm: () => 0.8 }]
        : []),
    ],
  })),
});

describe('web/search/engine/query-scores', () => {
  it('scores and orders an OR query bit for bit as minisearch does, ties included', () => {
    const m = index();
    for (const words of [[['faro']], [['faro'], ['niebla', 'memoria']], [['boveda', 'tesis']]]) {
      const q = query('OR', words);
      expect(ours(m, q)).toEqual(theirs(m, q));
    }
  });

  it('keeps only the notes with every word under AND, in minisearch order', () => {
    const m = index();
    const q = query('AND', [['faro'], ['niebla'], ['jardin', 'tomate']]);
    expect(ours(m, q).length).toBeGreaterThan(0);
    expect(ours(m, q)).toEqual(theirs(m, q));
  });

  it('matches typos within the fuzzy distance, and says which index terms a note holds', () => {
    const m = index();
    const q = query('OR', [['albahacas'], ['memorai']], true);
    const hits = ours(m, q);
    expect(hits.some((h) => h.terms.includes('albahaca'))).toBe(true);
    expect(hits).toEqual(theirs(m, q));
  });

  it('applies the filter to stored fields before choosing the best', () => {
    const m = index();
    const inA = (r: Record<string, unknown>) => r.folder === 'a';
    const q = query('OR', [['memoria'], ['faro']]);
    expect(ours(m, q, inA)).toEqual(theirs(m, q, inA));
  });

  it('skips notes discarded since they were indexed, as minisearch does', () => {
    const [a, b] = [index(), index()];
    for (const m of [a, b]) for (let i = 0; i < 300; i += 7) m.discard(`n${i}`);
    const q = query('OR', [['faro', 'niebla']]);
    expect(ours(a, q)).toEqual(theirs(b, q));
  });

  it('keeps up with notes added, replaced and discarded between queries (field lengths kept, not rebuilt)', () => {
    const [a, b] = [index(), index()];
    const q = query('OR', [['faro'], ['memoria', 'niebla']]);
    const more = docs(700).slice(300);
    const edits: ((m: MiniSearch<Doc>) => void)[] = [
      (m) => m.add({ ...more[0]!, id: 'x0' }),
      (m) => m.discard('n3'),
      (m) => m.replace({ ...more[1]!, id: 'n5' }),
      // Past the arrays' spare room: they grow.
      (m) => m.addAll(more.slice(2).map((d, i) => ({ ...d, id: `y${i}` }))),
      (m) => {
        m.discard('y7');
        m.add({ ...more[3]!, id: 'x1' });
      },
    ];
    expect(ours(a, q)).toEqual(theirs(b, q));
    for (const edit of edits) {
      edit(a);
      edit(b);
      expect(ours(a, q)).toEqual(theirs(b, q));
    }
  });

  it('scores a revived index from its encoded postings, as minisearch does, leaving them encoded', () => {
    const m = revived();
    const terms = stillEncoded(m);
    expect(terms).toBe(WORDS.length);
    const queries: Query[] = [
      query('OR', [['faro'], ['niebla', 'memoria']]),
      query('AND', [['faro'], ['jardin', 'tomate']]),
      query('OR', [['albahacas'], ['memorai']], true),
    ];
    for (const q of queries) expect(ours(m, q)).toEqual(theirs(index(), q));
    const inA = (r: Record<string, unknown>) => r.folder === 'a';
    expect(ours(m, queries[0]!, inA)).toEqual(theirs(index(), queries[0]!, inA));
    // Scoring and the shown notes' terms read the bytes: no term was decoded into Maps.
    expect(stillEncoded(m)).toBe(terms);
  });

  it('drops the postings of notes discarded since a revived index was saved, as minisearch does', () => {
    const [a, b] = [revived(), index()];
    for (const m of [a, b]) for (let i = 0; i < 300; i += 7) m.discard(`n${i}`);
    const q = query('OR', [['faro', 'niebla'], ['tesis']]);
    expect(ours(a, q)).toEqual(theirs(b, q));
    // The second time the terms hold no discarded note (minisearch removed them as met).
    expect(ours(a, q)).toEqual(theirs(b, q));
  });

  it('refuses to read its notes once a later query over the same index took the arrays', () => {
    const m = index();
    const first = new QueryScores(m, query('OR', [['faro']]));
    new QueryScores(m, query('OR', [['tesis']]));
    expect(() => first.top(5, () => 1)).toThrow(/later query/);
  });
});
