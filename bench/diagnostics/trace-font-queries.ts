import { chromium } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { collectTrace, firstVisit, type TraceEvent } from './chromium-trace.ts';

/**
 * The font queries of a first visit (login, first sync, first query): each size and
 * weight the page draws is a synchronous request to the browser (on Linux a fontconfig
 * query, `GetWebFontRenderStyleForStrike`), paid inside a layout. Prints how many, their
 * total time and the layouts over 10 ms: `npx tsx bench/diagnostics/trace-font-queries.ts [notes=100] [runs=3]`.
 * A diagnostic, not a figure (web/styles.css's `--text-*` came from it).
 */
const count = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
const FONT_QUERY = /GetWebFontRenderStyleForStrike|onMatchFamilyStyle|FallbackFontForCharacter/;
const ms = (us: number) => (us / 1000).toFixed(1);

const notes = spanishVault(count);
for (let run = 1; run <= runs; run++) {
  const soma = await startSoma(notes, { nodeArgs: (await serveCommand()).nodeArgs });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const events = await collectTrace<TraceEvent<unknown>>(
      cdp,
      'devtools.timeline,disabled-by-default-devtools.timeline,fonts',
      () => firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!),
    );
    const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
    const queries = complete.filter((e) => FONT_QUERY.test(e.name));
    const total = queries.reduce((sum, e) => sum + e.dur!, 0);
    const layouts = complete.filter((e) => e.name === 'Layout' && e.dur! > 10_000);
    console.log(
      `run ${run}: ${queries.length} font queries, ${ms(total)} ms (${queries.map((e) => `${ms(e.dur!)}${e.name.includes('Strike') ? '' : ` ${e.name.split('::').at(-1)} ${JSON.stringify(e.args ?? '')}`}`).join(' ')}); ` +
        `layouts over 10 ms: ${layouts.map((e) => ms(e.dur!)).join(' ') || 'none'}`,
    );
  } finally {
    await browser.close();
    await soma.stop();
  }
}
