import { chromium } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { throttleCpu } from '../cpu-throttle.ts';
import { processTreeCpuMs, processTreeWithFlag } from '../process-memory.ts';
import { median } from '../results.ts';
import { slowThreads } from '../thread-quota.ts';

/**
 * What slowing a tab's main thread 4× costs the rest of the machine, two ways: DevTools'
 * CPU throttling and a CPU quota on the thread (bench/thread-quota.ts). For each: a fixed
 * loop timed in the page (how slow the thread is), then the CPU the tab's renderers use
 * while the page does nothing for 3 s (what the slowing itself takes from everything else).
 * `npx tsx bench/diagnostics/throttle-cpu-cost.ts [rate=4]`, as root for the quota. A
 * diagnostic, not a figure.
 */
const rate = Number(process.argv[2] ?? 4);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
try {
  const page = await browser.newPage();
  await page.setContent('<p>idle</p>');
  const loopMs = () =>
    page.evaluate(() => {
      const t0 = performance.now();
      let x = 0;
      for (let i = 0; i < 3e7; i++) x += Math.sqrt(i);
      return performance.now() - t0 + x * 0;
    });
  const measure = async (label: string) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await loopMs());
    const before = await processTreeCpuMs(process.pid, 'chromium');
    await new Promise((r) => setTimeout(r, 3_000));
    const idle = ((await processTreeCpuMs(process.pid, 'chromium')) - before) / 3_000;
    console.log(
      `${label}: loop median ${Math.round(median(times))} ms; the idle tab's browser used ${Math.round(idle * 100)}% of a core`,
    );
  };
  await measure('not slowed');
  const cdp = await page.context().newCDPSession(page);
  await throttleCpu(page, rate);
  await measure(`DevTools throttling ×${rate}`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const renderers = await processTreeWithFlag(process.pid, 'chromium', '--type=renderer');
  const quota = await slowThreads(renderers, rate);
  if (!quota) console.log('CPU quota: not allowed on this machine (needs root and cgroup v1 cpu)');
  else {
    await measure(`CPU quota ×${rate} (${quota.how})`);
    await quota.release();
  }
} finally {
  await browser.close();
}
