import { fuseRanks } from '../web/search/hybrid-rank.ts';
import { median, percentile, round2 } from './results.ts';
import {
  DIMENSIONS,
  HYBRID,
  hybridSetup,
  p95Of,
  QUESTIONS,
  randomVectors,
  timeHybrid,
} from './search-hybrid.ts';
import { spanishVault } from './search-vault.ts';
import { T460 } from './t460.ts';

/**
 * The search bench's hybrid figures (bench/search-hybrid.ts) in Node, several
 * times over one setup, so that a change to the query path can be measured
 * before and after in the same minute without the browser bench. Two ways:
 * wall time as the bench reports it (p50/p95 of each run, then their medians),
 * and each question's CPU time (user + system of this process, the mean of
 * `rounds` runs), which a loaded shared machine barely moves.
 *
 * `npx tsx bench/hybrid-query-time.ts [notes] [runs]`
 */

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
const setup = hybridSetup(spanishVault(count));
const { lexical, vectors } = setup;
const f = T460.cpuRate;
const show = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');

const p50s: number[] = [];
const p95s: number[] = [];
const vector: number[] = [];
for (let r = 0; r < runs; r++) {
  const { samples, vectorOnly } = timeHybrid(setup);
  p50s.push(median(samples));
  p95s.push(p95Of(samples));
  vector.push(median(vectorOnly));
}
console.log(`wall p50 per run: ${show(p50s)}; p95 per run: ${show(p95s)}`);
console.log(
  `wall median of ${runs} runs: p50 ${round2(median(p50s))} ms p95 ${round2(median(p95s))} ms` +
    ` (T460 ×${f}: ${(median(p50s) * f).toFixed(1)} / ${(median(p95s) * f).toFixed(1)}); vector part p50 ${round2(median(vector))} ms`,
);

const queries = randomVectors(QUESTIONS.length, DIMENSIONS, 7);
const cpu = (run: () => void, rounds: number) => {
  const before = process.cpuUsage();
  for (let r = 0; r < rounds; r++) run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds;
};
const per = QUESTIONS.map((q, i) => ({
  q,
  ms: cpu(() => {
    const words = lexical.search(q, {}, false).map((h) => h.path);
    fuseRanks(words, vectors.search(queries[i]!, 20, 0.1), HYBRID);
  }, 5 * runs),
  lexicalMs: cpu(() => lexical.search(q, {}, false), 5 * runs),
}));
const all = per.map((x) => x.ms);
console.log(
  `cpu per question (mean of ${5 * runs}): p50 ${round2(median(all))} ms p95 ${round2(percentile(all, 0.95))} ms` +
    ` (T460 ×${f}: ${(median(all) * f).toFixed(1)} / ${(percentile(all, 0.95) * f).toFixed(1)}); lexical part p50 ${round2(median(per.map((x) => x.lexicalMs)))} ms`,
);
if (process.argv.includes('--each'))
  for (const x of per.sort((a, b) => b.ms - a.ms))
    console.log(`${x.ms.toFixed(2)} ms (lexical ${x.lexicalMs.toFixed(2)})  «${x.q}»`);
