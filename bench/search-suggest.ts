import type { Page } from '@playwright/test';
import { SUGGEST_DEBOUNCE_MS } from '../web/lib/timing.ts';
import { type BenchResult, median, round2 } from './results.ts';

/** How many whole notes are used as long drafts. */
const DRAFTS = 20;
/** How long one draft may wait for its suggestions before it counts as none. */
const SUGGEST_TIMEOUT_MS = 5_000;

/**
 * Puts `draft` in the composer as one input event (the last keystroke) and
 * waits for the suggestion list to be in the DOM; returns the ms from that
 * keystroke to the list rendered, minus the deliberate debounce, or -1.
 */
export const timeDraft = async (args: { draft: string; debounce: number; timeout: number }) => {
  // No inner named functions (not even arrows in a const): tsx would wrap them in a
  // `__name` helper the page lacks.
  const box = document.querySelector('[data-testid="composer"]') as HTMLTextAreaElement;
  const item = '[data-testid="draft-suggestion"]';
  box.value = '';
  box.dispatchEvent(new Event('input', { bubbles: true }));
  while (document.querySelector(item) !== null) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const t0 = performance.now();
  box.value = args.draft;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  return new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(item) === null) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - t0 - args.debounce);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, args.timeout);
    observer.observe(document.body, { childList: true, subtree: true });
  });
};

/** The longest main-thread task that began after `since` (the page records them, see search.ts). */
export const longestSince = (since: number) => {
  const w = window as unknown as { longTasks: [number, number][] };
  let longest = 0;
  for (const [t, d] of w.longTasks) if (t >= since) longest = Math.max(longest, d);
  return longest;
};

/**
 * search.LABEL.suggest_ms: related notes while typing, with whole notes of the
 * vault as long drafts (the composer turns each into at most 12 words for the
 * worker), and the longest main-thread task while a draft is typed key by key.
 */
export async function benchSuggest(
  page: Page,
  label: string,
  contents: readonly string[],
): Promise<BenchResult[]> {
  await page.goto(`${new URL(page.url()).origin}/#/`);
  const composer = page.getByTestId('composer');
  await composer.waitFor();
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="composer"]') as HTMLTextAreaElement).disabled,
  );
  const drafts = contents.slice(0, DRAFTS).map((c) => c.slice(0, 1_500));
  const samples: number[] = [];
  let none = 0;
  for (let round = 0; round < 2; round++) {
    for (const draft of drafts) {
      const args = { draft, debounce: SUGGEST_DEBOUNCE_MS, timeout: SUGGEST_TIMEOUT_MS };
      const ms = await page.evaluate(timeDraft, args);
      if (ms < 0) none++;
      else samples.push(ms);
    }
  }
  if (samples.length === 0) throw new Error('ningún borrador mostró sugerencias');
  await composer.fill('');
  const since = await page.evaluate(() => performance.now());
  // One line: a typed newline is Enter, which would send the draft.
  await composer.pressSequentially(drafts[0]!.replace(/\s+/g, ' ').slice(0, 200));
  await page.getByTestId('draft-suggestion').first().waitFor();
  const longest = await page.evaluate(longestSince, since);
  await composer.fill('');
  const note = `${drafts.length} notes of the vault as drafts (≤1,500 characters) ×2${none ? ` (${none} without suggestions)` : ''}; last keystroke → list in the DOM, minus the ${SUGGEST_DEBOUNCE_MS} ms debounce`;
  return [
    { name: `search.${label}.suggest_ms`, value: round2(median(samples)), unit: 'ms', note },
    {
      name: `search.${label}.suggest_max_main_task_ms`,
      value: Math.round(longest),
      unit: 'ms',
      note: 'longest main-thread task while 200 characters are typed key by key and suggestions shown (0: none over 50 ms)',
    },
  ];
}
