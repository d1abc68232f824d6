import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { median, percentile, round2 } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';

/**
 * The search bench's queries in Chromium's V8, each page fresh (its JIT cold),
 * over the index as a reload revives it: the first round (every query new to
 * the code and the index: what the browser bench's p95 mostly is) and the
 * second, with snippets cut from the notes' bodies, as the worker does. On the
 * page's main thread, timed by its coarse clock (0.1 ms), not in the worker:
 * an A/B check of the query code (swap `web/search` between runs), not a
 * figure of record (`bench/run.ts --only search` is). Then two more rounds
 * back to back, and two with each query in a task of its own 5 ms after the
 * last, as the worker gets the box's questions: on the shared 2-core VM a
 * warm query cost 0.6 ms alone against 0.4 back to back, snippets included
 * (the index search alone: 0.3 against 0.1).
 *
 * `npx tsx bench/diagnostics/search-cold-page.ts [notes] [pages]` (PROFILE=1: the first rounds'
 * sampled CPU profile, summed over the pages, by function and bundle line).
 */

const count = Number(process.argv[2] ?? 10_000);
const pages = Number(process.argv[3] ?? 6);
const root = join(import.meta.dirname, '../..');

const entry = `
import { NoteIndex, wantsPrefix, snippetBody, snippetOf, warmUpQuestions } from './web/search/engine/search-engine.ts';
let index, bodies;
globalThis.prepare = (vault) => {
  const built = NoteIndex.empty();
  for (const [p, t] of Object.entries(vault)) built.upsert(p, t);
  index = NoteIndex.fromSnapshot(built.snapshot());
  bodies = new Map(Object.entries(vault).map(([p, t]) => [p, snippetBody(t)]));
};
globalThis.warmUp = () => {
  for (const { query, typing } of warmUpQuestions(index.someTitles(4)))
    for (const h of index.search(query, {}, typing)) snippetOf(bodies.get(h.path) ?? '', h.terms);
};
const once = (q) => {
  const t0 = performance.now();
  for (const h of index.search(q, {}, wantsPrefix(q))) snippetOf(bodies.get(h.path) ?? '', h.terms);
  return performance.now() - t0;
};
globalThis.runOnce = (queries) => queries.map(once);
// Each query in a task of its own after a 5 ms pause, as the worker answers the box's questions.
globalThis.runApart = async (queries) => {
  const out = [];
  for (const q of queries) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    out.push(once(q));
  }
  return out;
};
`;
const bundled = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'iife',
  write: false,
  logLevel: 'error',
});
const script = bundled.outputFiles[0]!.text;
const vault = spanishVault(count);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
const sums: number[] = [];
/** Later rounds' medians: every query in one task, and each in a task of its own after a pause. */
const gaps: { backToBack: number; apart: number }[] = [];
const profile = process.env.PROFILE === '1';
/** `function:line` → samples, over every page's first round. */
const selfSamples = new Map<string, number>();
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; lineNumber: number } }[];
  samples: number[];
}
try {
  for (let k = 0; k < pages; k++) {
    const page = await browser.newPage();
    await page.addScriptTag({ content: script });
    await page.evaluate(
      (v) => (globalThis as unknown as { prepare(v: unknown): void }).prepare(v),
      vault,
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const run = () =>
      page.evaluate(
        (q) => (globalThis as unknown as { runOnce(q: string[]): number[] }).runOnce(q),
        BENCH_QUERIES,
      );
    if (process.env.WARM === '1')
      await page.evaluate(() => (globalThis as unknown as { warmUp(): void }).warmUp());
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const first = await run();
    if (profile) {
      const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: CpuProfile;
      };
      const names = new Map(
        p.nodes.map((n) => [
          n.id,
          `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber + 1}`,
        ]),
      );
      for (const id of p.samples) {
        const name = names.get(id)!;
        selfSamples.set(name, (selfSamples.get(name) ?? 0) + 1);
      }
    }
    const second = await run();
    const both = [...first, ...second];
    const backToBack = (await run()).concat(await run());
    const apart = await page.evaluate(
      (q) => (globalThis as unknown as { runApart(q: string[]): Promise<number[]> }).runApart(q),
      [...BENCH_QUERIES, ...BENCH_QUERIES],
    );
    gaps.push({ backToBack: median(backToBack), apart: median(apart) });
    sums.push(first.reduce((a, b) => a + b, 0));
    console.log(
      `page ${k + 1}: first round ${Math.round(sums.at(-1)!)} ms in all, p50 ${round2(median(first))} p95 ${round2(percentile(first, 0.95))}` +
        ` | second p95 ${round2(percentile(second, 0.95))} | both (as the bench's 2 rounds) p50 ${round2(median(both))} p95 ${round2(percentile(both, 0.95))}` +
        ` | later rounds p50: back to back ${round2(gaps.at(-1)!.backToBack)}, one task each ${round2(gaps.at(-1)!.apart)}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
}
if (profile) {
  const all = [...selfSamples.values()].reduce((a, b) => a + b, 0);
  for (const [name, n] of [...selfSamples].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((100 * n) / all).toFixed(1).padStart(5)}% ${name}`);
}
console.log(
  `first round, median over ${pages} pages: ${Math.round(median(sums))} ms for ${BENCH_QUERIES.length} queries`,
);
console.log(
  `later rounds, medians over the pages: back to back p50 ${round2(median(gaps.map((g) => g.backToBack)))} ms,` +
    ` one task each (5 ms apart) p50 ${round2(median(gaps.map((g) => g.apart)))} ms`,
);
