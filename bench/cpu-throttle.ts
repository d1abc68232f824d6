import type { Page } from '@playwright/test';

/**
 * Slows the page's main thread `rate` times through the DevTools protocol
 * (Emulation.setCPUThrottlingRate), for the page's life, reloads included.
 * Dedicated workers are not slowed: Chromium answers "Operation is only
 * supported for pages, not workers" (docs/FACTS.md), so worker
 * times must be scaled by `rate` by whoever reads them.
 */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
