import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { HarnessSchema } from '../harness/schema.ts';
import { NoteIndex, SynonymTable, scoreQuestions } from '../web/search/engine/search-engine.ts';
import { tldrPages } from './corpus/tldr-pages.ts';
import {
  loadRelevanceCases,
  type RelevanceCase,
  type RelevanceHalf,
} from './relevance/relevance-cases.ts';
import { type BenchResult, round2 } from './results.ts';

/**
 * Scores search on the Spanish relevance set over tldr-es
 * (bench/relevance/tldr-es.json): top-5 hit rate and MRR@10 per half, for
 * SOMA's index (the worker's code, in Node, with the shipped harness's
 * synonyms) and two baselines, plain minisearch defaults and grep ranked by
 * how many query words a page contains.
 *
 * `npx tsx bench/relevance-tldr.ts` prints the table; `--failures` adds the
 * tuning half's misses (never the held-out half's: it is for reporting only).
 */

const SET = join(import.meta.dirname, 'relevance/tldr-es.json');

/** A ranked list of note paths for a query. */
type Ranker = (query: string) => string[];

interface Score {
  top5: number;
  mrr10: number;
  count: number;
}

/** The corpus as the tldr_es search bench serves it (pages only), paths NFC as the cases name them. */
function corpus(): Map<string, string> {
  return new Map(Object.entries(tldrPages()).map(([p, text]) => [p.normalize('NFC'), text]));
}

function somaRanker(notes: Map<string, string>): Ranker {
  const index = NoteIndex.empty();
  for (const [path, text] of notes) index.upsert(path, text);
  const harness = HarnessSchema.parse(
    JSON.parse(readFileSync(join(import.meta.dirname, '../harness/soma.json'), 'utf8')),
  );
  const synonyms = SynonymTable.from(harness.search.synonyms);
  return (q) => index.search(q, {}, false, synonyms).map((h) => h.path);
}

/** minisearch as its README sets it up: title and text, default tokenizer and ranking. */
function minisearchRanker(notes: Map<string, string>): Ranker {
  const index = new MiniSearch<{ id: string; title: string; text: string }>({
    fields: ['title', 'text'],
  });
  for (const [path, text] of notes) {
    index.add({ id: path, title: path.replace(/^.*\//, '').replace(/\.md$/, ''), text });
  }
  return (q) => index.search(q).map((r) => String(r.id));
}

/** `grep -il` once per query word, pages ranked by how many of the words they contain. */
function grepRanker(notes: Map<string, string>): Ranker {
  const lower = [...notes].map(([path, text]) => [path, text.toLowerCase()] as const);
  return (q) => {
    const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])];
    return lower
      .map(([path, text]) => ({ path, n: words.filter((w) => text.includes(w)).length }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || (a.path < b.path ? -1 : 1))
      .map((x) => x.path);
  };
}

async function score(cases: RelevanceCase[], rank: Ranker): Promise<Score> {
  const { top5, mrr10, count } = await scoreQuestions(cases, rank);
  return { top5, mrr10, count };
}

/** Every ranker's score on each half. */
export async function scoreTldr(): Promise<{
  soma: Record<RelevanceHalf, Score>;
  minisearch: Record<RelevanceHalf, Score>;
  grep: Record<RelevanceHalf, Score>;
  cases: RelevanceCase[];
  soma_rank: Ranker;
}> {
  const cases = await loadRelevanceCases(SET);
  const notes = corpus();
  const half = (h: RelevanceHalf) => cases.filter((c) => c.half === h);
  const both = async (rank: Ranker) => ({
    tuning: await score(half('tuning'), rank),
    heldout: await score(half('heldout'), rank),
  });
  const soma = somaRanker(notes);
  return {
    soma: await both(soma),
    minisearch: await both(minisearchRanker(notes)),
    grep: await both(grepRanker(notes)),
    cases,
    soma_rank: soma,
  };
}

/** The figures for bench/results: held-out top-5 (the headline), tuning top-5, held-out MRR@10. */
export async function tldrRelevance(): Promise<BenchResult[]> {
  const s = await scoreTldr();
  const n = (h: RelevanceHalf) => s.soma[h].count;
  const about = (h: RelevanceHalf) =>
    `${n(h)} queries (${h} half of bench/relevance/tldr-es.json) over tldr-es (bench/corpus);` +
    ` plain minisearch: ${round2(s.minisearch[h].top5)}`;
  return [
    {
      name: 'search.top5_hit_rate',
      value: round2(s.soma.heldout.top5),
      unit: 'ratio',
      baseline: { name: 'grep ranked by query words', value: round2(s.grep.heldout.top5) },
      note: about('heldout'),
    },
    {
      name: 'search.top5_hit_rate_tuning',
      value: round2(s.soma.tuning.top5),
      unit: 'ratio',
      baseline: { name: 'grep ranked by query words', value: round2(s.grep.tuning.top5) },
      note: about('tuning'),
    },
    {
      name: 'search.mrr10',
      value: round2(s.soma.heldout.mrr10),
      unit: 'ratio',
      baseline: { name: 'grep ranked by query words', value: round2(s.grep.heldout.mrr10) },
      note: `MRR@10, ${about('heldout')} (MRR@10 ${round2(s.minisearch.heldout.mrr10)})`,
    },
  ];
}

if (process.argv[1]?.endsWith('relevance-tldr.ts')) {
  const s = await scoreTldr();
  const halves: RelevanceHalf[] = process.argv.includes('--tuning-only')
    ? ['tuning']
    : ['tuning', 'heldout'];
  console.log('ranker      half     top5   MRR@10  (n)');
  for (const [name, by] of [
    ['soma', s.soma],
    ['minisearch', s.minisearch],
    ['grep-words', s.grep],
  ] as const) {
    for (const h of halves) {
      const r = by[h];
      console.log(
        `${name.padEnd(11)} ${h.padEnd(8)} ${r.top5.toFixed(3)}  ${r.mrr10.toFixed(3)}  (${r.count})`,
      );
    }
  }
  if (process.argv.includes('--failures')) {
    // Tuning half only: looking at held-out misses would tune on them.
    const tuning = s.cases.filter((x) => x.half === 'tuning');
    const { questions } = await scoreQuestions(tuning, s.soma_rank);
    questions.forEach((q, i) => {
      if (q.rank > 0 && q.rank <= 5) return;
      const c = tuning[i]!;
      console.log(`\n${c.id} «${c.query}» → ${c.expected.join(', ')} (rank ${q.rank || '>10'})`);
      console.log(`  got: ${s.soma_rank(c.query).slice(0, 5).join(', ')}`);
    });
  }
}
