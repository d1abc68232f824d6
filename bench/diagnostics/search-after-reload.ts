import { chromium } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { workerMs } from '../page-shown.ts';
import { median, percentile, round2 } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { settleBeforeTiming } from '../settle-before-timing.ts';
import { firstVisit } from './chromium-trace.ts';

/**
 * The search bench's queries after a reload, asked at once and again after a
 * wait, as the worker times them (`data-ms`): what the T460 query figures'
 * first round meets. Right after a reload the worker is still bringing the
 * notes' text into memory from IndexedDB (NoteTexts' fill, 1.4–2.6 s at 10k on
 * the 2-core VM); a query whose hits are not there yet reads them from the
 * copy, 10–33 ms a read, which is the tail of the first round. A
 * diagnostic, not a figure: `npx tsx bench/diagnostics/search-after-reload.ts [notes] [waits ms, comma-separated] [reloads]`
 * (after `npm run build`).
 */
const count = Number(process.argv[2] ?? 10_000);
const waits = (process.argv[3] ?? '0,8000').split(',').map(Number);
const reloads = Number(process.argv[4] ?? 3);

const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
await settleBeforeTiming();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
try {
  const page = await browser.newPage();
  await firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!);
  // The first sync's copy and index are saved in the background (~1–2 s at 10k).
  await page.waitForTimeout(6000);
  for (let r = 0; r < reloads; r++) {
    for (const wait of waits) {
      await page.reload();
      await workerMs(page, BENCH_QUERIES[0]!);
      await page.waitForTimeout(wait);
      // An empty box, so that every timed query is a new one (as bench/search.ts does).
      await page.getByTestId('search-box').fill('');
      await page.getByTestId('search-summary').waitFor({ state: 'detached' });
      const first: number[] = [];
      const second: number[] = [];
      for (const q of BENCH_QUERIES) first.push(await workerMs(page, q));
      for (const q of BENCH_QUERIES) second.push(await workerMs(page, q));
      const both = [...first, ...second];
      const slowest = [...first].sort((a, b) => b - a).slice(0, 4);
      console.log(
        `wait ${String(wait).padStart(5)} ms: p50 ${round2(median(both))} p95 ${round2(percentile(both, 0.95))}` +
          ` | first round p50 ${round2(median(first))}, slowest ${slowest.join(', ')} | second round p50 ${round2(median(second))}`,
      );
    }
  }
} finally {
  await browser.close();
  await soma.stop();
}
