import { NoteIndex, wantsPrefix } from '../../web/search/engine/search-engine.ts';
import { percentile } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';

/**
 * What a query asked for the first time costs, in Node over the generated
 * vault: the index is built once and snapshotted, then each round revives it
 * (`fromSnapshot`, as the worker does at boot) and asks the bench's queries
 * once each, every one new to that index. Round 1 also pays V8's cold code;
 * later rounds pay only the index's cold data (postings decoded on first read,
 * derived arrays). A last pass times the first query after one note is added
 * to a warm index. CPU time, medians over rounds.
 *
 * `npx tsx bench/diagnostics/search-first-query.ts [notes] [rounds]`
 */
const count = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 7);
const vault = Object.entries(spanishVault(count));
const built = NoteIndex.empty();
for (const [path, text] of vault) built.upsert(path, text);
const snapshot = built.snapshot();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const timed = (index: NoteIndex, q: string) => {
  const t = cpu();
  index.search(q, {}, wantsPrefix(q));
  return cpu() - t;
};
const median = (xs: number[]) => percentile(xs, 0.5);
const line = (name: string, per: number[][]) => {
  const p50 = per.map((ms) => percentile(ms, 0.5));
  const p95 = per.map((ms) => percentile(ms, 0.95));
  // The whole round's CPU: steadier than a p95 of 32 (a garbage collection lands on one query).
  const sums = per.map((ms) => ms.reduce((a, b) => a + b, 0));
  console.log(
    `${name.padEnd(22)} p50 ${median(p50).toFixed(2)} ms  p95 ${median(p95).toFixed(2)} ms  round ${median(sums).toFixed(1)} ms  (rounds: p95 ${p95.map((x) => x.toFixed(1)).join(' ')})`,
  );
};

const firstRound: number[][] = [];
const warmRound: number[][] = [];
const slow = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  const index = NoteIndex.fromSnapshot(snapshot);
  const first = BENCH_QUERIES.map((q) => timed(index, q));
  for (const [i, q] of BENCH_QUERIES.entries()) slow.set(q, [...(slow.get(q) ?? []), first[i]!]);
  firstRound.push(first);
  warmRound.push(BENCH_QUERIES.map((q) => timed(index, q)));
}
console.log(`${count} notes, ${rounds} revivals, ${BENCH_QUERIES.length} queries each`);
line('round 1 (cold V8)', [firstRound[0]!]);
line('first round, revived', firstRound.slice(1));
line('second round (warm)', warmRound.slice(1));
// The first query after an edit: one note added to a warm index, then the queries.
const index = NoteIndex.fromSnapshot(snapshot);
for (const q of BENCH_QUERIES) timed(index, q);
const afterEdit: number[] = [];
for (let r = 0; r < 3 * rounds; r++) {
  const [path, text] = vault[r]!;
  index.upsert(`extra/${r}-${path}`, text);
  afterEdit.push(timed(index, BENCH_QUERIES[r % BENCH_QUERIES.length]!));
}
console.log(
  `first query after an edit: median ${median(afterEdit).toFixed(2)} ms (${afterEdit.map((x) => x.toFixed(1)).join(' ')})`,
);
const slowest = [...slow]
  .map(([q, ms]) => [q, median(ms.slice(1))] as const)
  .sort((a, b) => b[1] - a[1]);
console.log(
  `slowest first-time (revived): ${slowest
    .slice(0, 6)
    .map(([q, ms]) => `${q} ${ms.toFixed(1)}`)
    .join(' | ')}`,
);
