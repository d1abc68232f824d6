import { join } from 'node:path';
import {
  NoteIndex,
  snippetBody,
  snippetOf,
  wantsPrefix,
} from '../../web/search/engine/search-engine.ts';
import { loadRelevanceCases } from '../relevance/relevance-cases.ts';
import { percentile } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { T460 } from '../t460.ts';

/**
 * Query time of NoteIndex.search in Node over the generated vault (10k notes
 * by default): the search bench's queries as the box sends them (last word
 * as a prefix), and whole questions typed letter by letter (the tuning half
 * of the tldr-es relevance set, so long questions count). Prints p50/p95 on
 * this machine and ×T460 factor; a quick check between runs of the slow
 * browser bench (`bench/run.ts --only search`), which is the figure of record.
 *
 * `npx tsx bench/diagnostics/search-query-time.ts [notes]`
 */

const count = Number(process.argv[2] ?? 10_000);
const vault = spanishVault(count);
const index = NoteIndex.empty();
for (const [path, text] of Object.entries(vault)) index.upsert(path, text);
/** The snippet text the worker keeps in memory for every note (web/search/engine/note-texts.ts). */
const bodies = new Map(Object.entries(vault).map(([path, text]) => [path, snippetBody(text)]));

/**
 * Each query's time, the mean of `rounds` runs: CPU time of this process
 * (user + system), not wall time, so that other work on a shared machine
 * does not count; the search is synchronous and single-threaded.
 */
function timeAll(
  queries: readonly string[],
  rounds: number,
  snippets = false,
): { q: string; ms: number }[] {
  return queries.map((q) => {
    const before = process.cpuUsage();
    for (let r = 0; r < rounds; r++) {
      const hits = index.search(q, {}, wantsPrefix(q));
      if (snippets) for (const h of hits) snippetOf(bodies.get(h.path) ?? '', h.terms);
    }
    const used = process.cpuUsage(before);
    return { q, ms: (used.user + used.system) / 1000 / rounds };
  });
}

const cases = await loadRelevanceCases(join(import.meta.dirname, '../relevance/tldr-es.json'));
const questions = cases.filter((c) => c.half === 'tuning').map((c) => c.query);
// Every prefix a user sends while typing a question, after the debounce: one per word end.
const typed = questions.flatMap((q) =>
  [...q.matchAll(/\S+/g)].map((m) => q.slice(0, m.index + m[0].length)),
);
timeAll(BENCH_QUERIES, 2); // warm-up: JIT and the analyzer's cache, as in a worker that has answered before
const slowest: { q: string; ms: number }[] = [];
for (const [name, qs, snippets] of [
  ['bench queries', BENCH_QUERIES, false],
  ['  + snippets', BENCH_QUERIES, true],
  ['questions typed', typed, false],
  ['  + snippets', typed, true],
] as const) {
  const per = timeAll(qs, 5, snippets);
  if (!snippets) slowest.push(...per);
  if (process.argv.includes('--each') && qs === BENCH_QUERIES && !snippets)
    console.log(per.map((x) => `${x.q} ${x.ms.toFixed(2)}`).join(' | '));
  const t = per.map((x) => x.ms).sort((x, y) => x - y);
  const f = T460.cpuRate;
  console.log(
    `${name.padEnd(16)} n=${t.length} p50 ${percentile(t, 0.5).toFixed(2)} ms p95 ${percentile(t, 0.95).toFixed(2)} ms` +
      `  (T460 ×${f}: ${(percentile(t, 0.5) * f).toFixed(1)} / ${(percentile(t, 0.95) * f).toFixed(1)} ms)`,
  );
}
if (process.argv.includes('--slowest')) {
  slowest.sort((a, b) => b.ms - a.ms);
  for (const x of slowest.slice(0, 20)) console.log(`${x.ms.toFixed(1)} ms  «${x.q}»`);
}
