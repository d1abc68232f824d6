import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The first screens draw few fonts. Each size and weight a screen draws is a font
 * the page asks the browser for, synchronously (on Linux a fontconfig query each):
 * with ten of them, the longest layout of a first visit took 86–160 ms, against 13–53
 * with five (bench/diagnostics/trace-font-queries.ts; web/styles.css's `--text-*`).
 */
const MOST_FONTS = 6;

/** Every font the visible text and form controls use: first family, size, bold or not, style. */
function fontsDrawn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fonts = new Set<string>();
    const add = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const s = getComputedStyle(el);
      const family = s.fontFamily.split(',')[0]!.trim();
      const bold = Number(s.fontWeight) >= 600 ? 'bold' : 'regular';
      fonts.add(`${family} ${s.fontSize} ${bold} ${s.fontStyle}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && node.parentElement) add(node.parentElement);
    }
    for (const control of document.querySelectorAll('input, select, textarea, button'))
      add(control);
    return [...fonts].sort();
  });
}

test('the chat and search screens draw at most six fonts, form controls in the page font', async ({
  page,
  soma,
}) => {
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await expect(page.locator('.tree-folder').first()).toBeVisible();
  const chat = await fontsDrawn(page);

  await page.getByTestId('search-box').fill('tesis');
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  const search = await fontsDrawn(page);

  const all = [...new Set([...chat, ...search])].sort();
  expect(all.length, all.join('\n')).toBeLessThanOrEqual(MOST_FONTS);
  // Every font is the page's family (a control left to the browser's default is Arial 13.33px).
  const families = new Set(all.map((f) => f.split(' ')[0]));
  expect([...families], all.join('\n')).toHaveLength(1);
});
