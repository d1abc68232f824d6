import { median, round2 } from './results.ts';
import { hybridSetup, p95Of, timeHybrid } from './search-hybrid.ts';
import { spanishVault } from './search-vault.ts';
import { T460 } from './t460.ts';

/**
 * The hybrid bench (bench/search-hybrid.ts) alone in Node, repeated over one
 * index: each run's p50/p95 of whole questions and of the vector part, then
 * their medians and ×T460 factor. A quick before/after check; the figure of
 * record is `bench/run.ts --only search`.
 *
 * `npx tsx bench/search-hybrid-time.ts [notes] [runs]`
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
