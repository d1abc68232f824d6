import { chromium } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { type SlowedTab, slowTab } from '../cpu-throttle.ts';
import { median } from '../results.ts';
import { watchLongTasks } from '../search.ts';
import { longestSince } from '../search-suggest.ts';
import { spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { T460 } from '../t460.ts';

/**
 * What typing in the composer costs as the vault tree grows: notes of different folders are
 * opened one after another (each leaves its folder open in the tree, as in the day bench),
 * and after each few a question is typed key by key at 4× CPU; prints the page's element
 * count and the longest main-thread task while typing. A diagnostic, not a figure:
 * `npx tsx bench/diagnostics/typing-layout.ts [opens=12] [css]`, where `css` is a rule
 * injected into the page to compare (e.g. a containment rule under test).
 */

const QUESTION = '¿Qué receta de tortilla de patatas escribí en casa de la abuela?';

async function main() {
  const opens = Number(process.argv[2] ?? 12);
  const css = process.argv[3] ?? '';
  const notes = spanishVault(10_000);
  const paths = Object.keys(notes);
  const soma = await startSoma(notes, { nodeArgs: (await serveCommand()).nodeArgs });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  let slowed: SlowedTab | null = null;
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.addInitScript(watchLongTasks);
    await page.goto(soma.loginLink);
    slowed = await slowTab(page, T460.cpuRate);
    console.log(`slowed: ${slowed.how}`);
    await page.getByTestId('search-box').fill('faro');
    await page
      .locator('[data-testid="search-summary"][data-query="faro"]')
      .waitFor({ timeout: 180_000 });
    // A constructed sheet: the page's CSP refuses inline style tags, not the CSSOM.
    if (css) {
      await page.evaluate((rule) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(rule);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, css);
    }
    const folders = new Set<string>();
    const picked = paths.filter((p) => {
      const f = p.split('/').slice(0, -1).join('/');
      if (folders.has(f)) return false;
      folders.add(f);
      return true;
    });
    for (let i = 0; i <= opens; i++) {
      if (i > 0) {
        const path = picked[i % picked.length]!;
        await page.evaluate((p) => {
          location.hash = `#/nota/${p.split('/').map(encodeURIComponent).join('/')}`;
        }, path);
        await page.locator('.note-path', { hasText: path }).waitFor({ timeout: 30_000 });
        await page.waitForTimeout(3_000); // the tree's folder drawn part by part
      }
      if (i % 4 !== 0) continue;
      const maxes: number[] = [];
      for (let round = 0; round < 3; round++) {
        await page.evaluate(() => {
          location.hash = '#/';
        });
        const box = page.getByTestId('composer');
        await box.waitFor();
        await box.fill('');
        await page.waitForTimeout(500);
        const since = await page.evaluate(() => performance.now());
        await box.focus();
        await page.keyboard.type(QUESTION, { delay: 40 });
        await page.waitForTimeout(300);
        maxes.push(await page.evaluate(longestSince, since));
      }
      const elements = await page.evaluate(() => document.querySelectorAll('*').length);
      console.log(
        `${i} notes opened: ${elements} elements, longest task while typing ${maxes.map(Math.round).join(', ')} (median ${Math.round(median(maxes))})`,
      );
    }
  } finally {
    await slowed?.release();
    await browser.close();
    await soma.stop().catch(() => undefined);
  }
}

await main();
