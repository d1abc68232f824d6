import type { Page } from '@playwright/test';
import { type BenchResult, median } from './results.ts';
import { longestSince } from './search-suggest.ts';

/** How long the panel may take to show its figures before the run gives up on a sample. */
const PANEL_TIMEOUT_MS = 120_000;

/**
 * Opens the search view's «¿Encuentra SOMA lo que buscas?» panel and waits for its
 * figures in the DOM; returns when it was opened (page time) and the ms until then, or -1.
 */
export const timePanel = async (args: { timeout: number }) => {
  // No inner named functions: tsx would wrap them in a `__name` helper the page lacks.
  const panel = document.querySelector('[data-testid="search-quality"]') as HTMLDetailsElement;
  const since = performance.now();
  panel.open = true;
  const ms = await new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      if (panel.querySelector('[data-testid="quality-figures"]') === null) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - since);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, args.timeout);
    observer.observe(panel, { childList: true, subtree: true });
  });
  const questions = panel.querySelectorAll('[data-testid="quality-question"]').length;
  const figures = panel.querySelector('[data-testid="quality-figures"]')?.textContent ?? '';
  return { since, ms, questions, figures };
};

/** Stores `pairs` through the app's own route, one POST each, as «Sí, era esta» would. */
const storePairs = async (pairs: { query: string; path: string }[]) => {
  for (const p of pairs) {
    const r = await fetch('/api/search-pairs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...p, from: 'search' }),
    });
    if (r.status !== 204) return r.status;
  }
  return 204;
};

/**
 * search.LABEL.quality_panel_ms: the «¿Era esta?» panel over `pairs` stored questions,
 * from opening it to its figures shown (the pairs read from the server, every question
 * ranked in the search worker, the list drawn), on a page whose worker has its index
 * ready; and the longest main-thread task meanwhile. `samples` page loads, the median.
 */
export async function benchQualityPanel(
  page: Page,
  label: string,
  pairs: { query: string; path: string }[],
  readyQuery: string,
  samples: number,
): Promise<BenchResult[]> {
  const origin = new URL(page.url()).origin;
  const status = await page.evaluate(storePairs, pairs);
  if (status !== 204) throw new Error(`/api/search-pairs respondió ${status}`);
  const times: number[] = [];
  const longest: number[] = [];
  let shown = { questions: 0, figures: '' };
  for (let i = 0; i < samples; i++) {
    // A new page load each time: the panel keeps its last figures while it lives.
    await page.goto(`${origin}/#/buscar`);
    await page.reload();
    // One answered search first: the worker then has its saved index in memory.
    await page.getByTestId('search-box').fill(readyQuery);
    await page.locator(`[data-testid="search-summary"][data-query="${readyQuery}"]`).waitFor();
    await page.getByTestId('search-box').fill('');
    await page.getByTestId('search-quality').waitFor();
    const r = await page.evaluate(timePanel, { timeout: PANEL_TIMEOUT_MS });
    if (r.ms < 0) throw new Error('el panel de calidad no mostró sus cifras');
    times.push(r.ms);
    longest.push(await page.evaluate(longestSince, r.since));
    shown = r;
  }
  const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  const of = `${shown.questions} stored questions (a generated note's title and first body words → that note), words alone (the bench's server has no embedder), median of ${samples} page loads (${list(times)} ms); ${shown.figures}`;
  return [
    {
      name: `search.${label}.quality_panel_ms`,
      value: Math.round(median(times)),
      unit: 'ms',
      note: `panel opened → figures in the DOM: pairs read, every question ranked in the search worker, list drawn; ${of}`,
    },
    {
      name: `search.${label}.quality_panel_max_main_task_ms`,
      value: Math.round(median(longest)),
      unit: 'ms',
      note: `longest main-thread task while the panel computed (0: none over 50 ms); per load ${list(longest)} ms`,
    },
  ];
}
