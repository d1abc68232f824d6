import { fuseRanks } from '../../web/search/hybrid-rank.ts';
import { median, percentile, round2 } from '../results.ts';
import {
  DIMENSIONS,
  HYBRID,
  hybridSetup,
  p95Of,
  QUESTIONS,
  randomVectors,
  timeHybrid,
} from '../search-hybrid.ts';
import { spanishVault } from '../search-vault.ts';
import { T460 } from '../t460.ts';

/**
 * The hybrid bench (bench/search-hybrid.ts) alone in Node, repeated over one
 * index: each run's p50/p95 of whole questions and of the vector part, then
 * their medians and ×T460 factor; then each question's CPU time (user + system
 * of this process, the mean of 5 × runs), which a loaded shared machine moves
 * far less than wall time (`--each`: per question, slowest first). A quick
 * before/after check; the figure of record is `bench/run.ts --only search`.
 *
 * `npx tsx bench/diagnostics/search-hybrid-time.ts [notes] [runs] [--each]`
 */

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);
const setup = hybridSetup(spanishVault(count));
const rows: { p50: number; p95: number; v50: number; v95: number }[] = [];
for (let r = 0; r < runs; r++) {
  const { samples, vectorOnly } = timeHybrid(setup);
  rows.push({
    p50: median(samples),
    p95: p95Of(samples),
    v50: median(vectorOnly),
    v95: p95Of(vectorOnly),
  });
}
const f = T460.cpuRate;
for (const key of ['p50', 'p95', 'v50', 'v95'] as const) {
  const all = rows.map((x) => x[key]);
  console.log(
    `${key === 'p50' || key === 'p95' ? 'hybrid' : 'vector'} ${key.replace('v', 'p')}: median ${round2(median(all))} ms` +
      ` (runs ${all.map(round2).join(', ')}; T460 ×${f}: ${round2(median(all) * f)} ms)`,
  );
}
console.log(`vectors_mb ${round2(setup.vectors.bytes / 1024 / 1024)}`);

const { lexical, vectors } = setup;
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
  `hybrid CPU per question: p50 ${round2(median(all))} ms p95 ${round2(percentile(all, 0.95))} ms` +
    ` (T460 ×${f}: ${round2(median(all) * f)} / ${round2(percentile(all, 0.95) * f)} ms);` +
    ` lexical part p50 ${round2(median(per.map((x) => x.lexicalMs)))} ms`,
);
if (process.argv.includes('--each'))
  for (const x of per.sort((a, b) => b.ms - a.ms))
    console.log(`${x.ms.toFixed(2)} ms (lexical ${x.lexicalMs.toFixed(2)})  «${x.q}»`);
