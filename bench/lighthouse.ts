import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSoma } from '../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { type BenchResult, median } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** Lighthouse runs per figure: each score is their median. */
const LIGHTHOUSE_RUNS = 5;

/** A small vault with a closing, so the signed-in app has something to show. */
const NOTES: Record<string, string> = {
  '02_Conciencia/sesiones/2026-11-29 Cierre.md': '# Cierre\n\nHoy cerramos el capítulo del faro.\n',
  '03_Proyectos/Faro.md': '# Faro\n\nEl faro alumbra la costa.\n',
};

/** Pairs through the start-up link, as the browser would, and returns the `Cookie` value. */
async function sessionCookie(url: string, loginLink: string): Promise<string> {
  const token = new URL(loginLink).hash.slice('#login='.length);
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`login failed: HTTP ${res.status}`);
  return cookie;
}

/**
 * Chromium's own installability verdict (`Page.getInstallabilityErrors`), once the
 * service worker is ready: Lighthouse 12 no longer has a PWA category.
 */
async function installabilityErrors(url: string): Promise<string[]> {
  // A persistent profile: Chromium never offers installation in an incognito-like context.
  const profile = await mkdtemp(join(tmpdir(), 'soma-lh-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: chromiumArgs,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await browser.newCDPSession(page);
    const answer = await cdp.send('Page.getInstallabilityErrors');
    return answer.installabilityErrors.map((e) => e.errorId);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * `pwa.installable` (1 when Chromium reports no installability error) and Lighthouse
 * 12.2.3's performance and accessibility scores (0–100, default mobile config with its
 * simulated throttling; the median of LIGHTHOUSE_RUNS runs) of the signed-in app, in Debian's Chromium. Needs `npm run build`.
 * With `SOMA_LIGHTHOUSE_REPORT=<file>` the run's full report is written there as JSON.
 */
export async function benchLighthouse(): Promise<BenchResult[]> {
  const soma = await startSoma(NOTES, { nodeArgs: (await serveCommand()).nodeArgs });
  try {
    const cookie = await sessionCookie(soma.url, soma.loginLink);
    const errors = await installabilityErrors(soma.url);
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });
    // Each score the median of several runs: one run's performance score moves a few points.
    const runs: { performance: number; accessibility: number }[] = [];
    let last: unknown = null;
    try {
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const run = await lighthouse(`${soma.url}/`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: { Cookie: cookie },
        });
        if (!run) throw new Error('Lighthouse returned nothing');
        last = run.lhr;
        const { categories } = run.lhr;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        });
      }
    } finally {
      chrome.kill();
    }
    // The last run's whole report (what each audit blames), for reading after the run.
    const reportPath = process.env.SOMA_LIGHTHOUSE_REPORT;
    if (reportPath && last) await writeFile(reportPath, JSON.stringify(last, null, 1));
    const score = (name: 'performance' | 'accessibility'): BenchResult => {
      const each = runs.map((r) => r[name]);
      return {
        name: `lighthouse.${name}`,
        value: median(each),
        unit: 'score',
        note: `lighthouse@12.2.3, mobile default config, Debian Chromium, signed-in home; median of ${each.length} runs (each: ${each.join(', ')})`,
      };
    };
    return [
      {
        name: 'pwa.installable',
        value: errors.length === 0 ? 1 : 0,
        unit: 'bool',
        note: errors.length
          ? `installability errors: ${errors.join(', ')}`
          : 'no installability errors',
      },
      score('performance'),
      score('accessibility'),
    ];
  } finally {
    await soma.stop();
  }
}
