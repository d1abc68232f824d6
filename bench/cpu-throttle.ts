import type { Page } from '@playwright/test';
import { processTreeWithFlag } from './process-memory.ts';
import { slowThreads } from './thread-quota.ts';

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

/** A tab slowed by `slowTab`: how, for the figures' notes, and how to let it go. */
export interface SlowedTab {
  how: string;
  release(): Promise<void>;
}

/**
 * Slows `page`'s main thread `rate` times the way a slower laptop would: the main threads
 * of the renderers of the Chromium this process launched, less any under `apart` (another
 * browser's pids), each get a CPU quota (thread-quota.ts); where the machine allows none,
 * DevTools' throttling does it, and `how` says that this spins the thread.
 */
export async function slowTab(
  page: Page,
  rate: number,
  apart: readonly number[] = [],
): Promise<SlowedTab> {
  const renderers = await processTreeWithFlag(process.pid, 'chromium', '--type=renderer', apart);
  const quota = await slowThreads(renderers, rate);
  if (quota) return quota;
  await throttleCpu(page, rate);
  return {
    how: `DevTools CPU throttling ×${rate} (no CPU quota allowed here: the slowed thread spins while held back, taking CPU from everything else)`,
    release: async () => undefined,
  };
}
