import { type Browser, chromium, type Worker } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { median } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { settleBeforeTiming } from '../settle-before-timing.ts';

/**
 * Where a reload's time to the first result goes (`search.10k.ready_ms`):
 * the page's navigation and resource timings, the search worker's User Timing
 * (`soma:*` marks and measures), and when the first result showed, on one
 * timeline from the navigation's start. `npx tsx bench/diagnostics/ready-timeline.ts [notes] [reloads]`
 * (after `npm run build`); prints each reload's steps and their medians. With `--first`,
 * the first visit's steps instead (login → session → first sync → first result,
 * `search.10k.index_build_ms`), and no reloads.
 */

const first = process.argv.includes('--first');
const [count = 10_000, reloads = 5] = process.argv
  .slice(2)
  .filter((a) => a !== '--first')
  .map(Number);
const q = BENCH_QUERIES[0]!;

/** Records when the first result's summary showed (set before any script of the page). */
const watchSummary = () => {
  const w = window as unknown as { summaryAt?: number };
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="search-summary"]')) {
      w.summaryAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

type Entry = { name: string; start: number; end: number };

const pageEntries = () => {
  const w = window as unknown as { summaryAt?: number };
  const out: { name: string; start: number; end: number }[] = [];
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  out.push({ name: 'nav:response', start: nav.requestStart, end: nav.responseEnd });
  out.push({ name: 'nav:domInteractive', start: nav.domInteractive, end: nav.domInteractive });
  out.push({ name: 'nav:load', start: nav.loadEventStart, end: nav.loadEventEnd });
  for (const e of performance.getEntriesByType('resource')) {
    const short = e.name.replace(location.origin, '');
    out.push({ name: `res:${short}`, start: e.startTime, end: e.startTime + e.duration });
  }
  for (const e of performance.getEntriesByType('paint'))
    out.push({ name: e.name, start: e.startTime, end: e.startTime });
  for (const e of performance.getEntriesByType('mark'))
    out.push({ name: `mark:${e.name}`, start: e.startTime, end: e.startTime });
  out.push({ name: 'SUMMARY SHOWN', start: w.summaryAt ?? -1, end: w.summaryAt ?? -1 });
  return { origin: performance.timeOrigin, entries: out };
};

const workerEntries = () => {
  const out: { name: string; start: number; end: number }[] = [];
  for (const e of performance.getEntries()) {
    const short = e.name.replace(location.origin, '');
    out.push({
      name: `w:${e.entryType}:${short}`,
      start: e.startTime,
      end: e.startTime + e.duration,
    });
  }
  return { origin: performance.timeOrigin, entries: out };
};

let browser: Browser | null = null;
const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
await settleBeforeTiming();
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  const page = await browser.newPage();
  await page.addInitScript(watchSummary);
  let worker: Worker | null = null;
  page.on('worker', (w) => {
    // The search worker's (analysis workers come and go during a first sync).
    if (w.url().includes('search-worker')) worker = w;
  });
  const t0 = performance.now();
  await page.goto(soma.loginLink);
  await page.getByTestId('search-box').fill(q);
  await page
    .locator(`[data-testid="search-summary"][data-query="${q}"]`)
    .waitFor({ timeout: 300_000 });
  const firstWall = performance.now() - t0;
  if (!first) await page.waitForTimeout(5_000);
  const byName = new Map<string, number[]>();
  for (let r = 0; r < (first ? 1 : reloads); r++) {
    const t = performance.now();
    if (!first) await page.reload();
    await page
      .locator(`[data-testid="search-summary"][data-query="${q}"]`)
      .waitFor({ timeout: 60_000 });
    const wall = first ? firstWall : performance.now() - t;
    const p = await page.evaluate(pageEntries);
    const all: Entry[] = [...p.entries];
    const w = worker as Worker | null;
    if (w) {
      const we = await w.evaluate(workerEntries);
      const shift = we.origin - p.origin;
      all.push({ name: 'w:created', start: shift, end: shift });
      for (const e of we.entries) all.push({ ...e, start: e.start + shift, end: e.end + shift });
    }
    all.sort((a, b) => a.start - b.start);
    console.log(
      first
        ? `\n# first visit: ${Math.round(wall)} ms (Playwright goto → summary)`
        : `\n# reload ${r + 1}: ${Math.round(wall)} ms (Playwright reload → summary)`,
    );
    for (const e of all) {
      const key = e.name.replace(/\?.*$/, '').replace(/-[\w-]{8}\.js$/, '.js');
      const list = byName.get(key) ?? [];
      list.push(e.start, e.end);
      byName.set(key, list);
      console.log(`${e.start.toFixed(0).padStart(6)} ${e.end.toFixed(0).padStart(6)}  ${e.name}`);
    }
    byName.set('WALL', [...(byName.get('WALL') ?? []), wall, wall]);
  }
  console.log('\n# medians (start end)');
  const rows = [...byName].map(([k, v]) => {
    const starts = v.filter((_, i) => i % 2 === 0);
    const ends = v.filter((_, i) => i % 2 === 1);
    return { k, s: median(starts), e: median(ends), n: starts.length };
  });
  rows.sort((a, b) => a.s - b.s);
  for (const r of rows)
    console.log(`${r.s.toFixed(0).padStart(6)} ${r.e.toFixed(0).padStart(6)}  ${r.k} (${r.n})`);
} finally {
  await browser?.close();
  await soma.stop();
}
