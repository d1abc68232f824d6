import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startSoma } from '../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import type { BenchResult } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** Gzip-9 bytes and raw bytes of the built files at `paths` (site-absolute, from dist/web). */
async function sizes(webRoot: string, paths: readonly string[]) {
  let raw = 0;
  let gz = 0;
  for (const p of paths) {
    const bytes = await readFile(join(webRoot, p.replace(/^\//, '')));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
}

/**
 * The page's own JavaScript fetched before the chat view shows, in the order fetched:
 * entry scripts, modulepreloads and every chunk the boot imports on its way there (a
 * boot that evaluates its modules in groups still loads them all before it is usable).
 * Read from the page's resource timing (the fetches started before the chat view entered
 * the page), which holds the document's fetches only: the
 * search worker's bundle, fetched beside it on its own thread, is counted apart.
 */
async function bootScripts(): Promise<{ page: string[]; worker: string[] }> {
  const soma = await startSoma({}, { nodeArgs: (await serveCommand()).nodeArgs });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const workerScripts: string[] = [];
    page.on('worker', (w) => workerScripts.push(new URL(w.url()).pathname));
    // The moment the chat view enters the page, seen from inside it: Playwright notices it
    // some polls later, and what the page fetched after it showed is not the first page's.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="chat-view"]')) return;
        seen.disconnect();
        performance.mark('bench:chat-view-shown');
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(soma.loginLink);
    await page.getByTestId('chat-view').waitFor();
    const names = await page.evaluate(() => {
      const shown = performance.getEntriesByName('bench:chat-view-shown', 'mark')[0]?.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => shown === undefined || e.startTime <= shown)
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js') && !p.endsWith('/sw.js'));
    });
    // The worker's script is fetched by the document too (its resource timing lists it).
    const worker = workerScripts.filter((p) => p.endsWith('.js'));
    return { page: [...new Set(names)].filter((p) => !worker.includes(p)), worker };
  } finally {
    await browser.close();
    await soma.stop();
  }
}

/**
 * web.initial_js_gzip_kb: the JavaScript the first page loads before it can be used
 * (measured in Chromium, see bootScripts), each file gzipped at level 9.
 */
export async function benchWebSize(webRoot: string): Promise<BenchResult[]> {
  const scripts = await bootScripts();
  const { raw, gz } = await sizes(webRoot, scripts.page);
  const worker = await sizes(webRoot, scripts.worker);
  const html = await readFile(join(webRoot, 'index.html'), 'utf8');
  const inHtml = html.match(/<script[^>]+src="[^"]+\.js"|rel="modulepreload"/g)?.length ?? 0;
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return [
    {
      name: 'web.initial_js_gzip_kb',
      value: kb(gz),
      unit: 'KB',
      note:
        `${scripts.page.length} file(s) fetched by the page before the chat view showed ` +
        `(${inHtml} named in index.html, the rest imported on the way), ${Math.round(raw / 1024)} KB before gzip; ` +
        `the search worker's ${kb(worker.gz)} KB gzip, loaded beside it on its own thread, and routes opened later not counted`,
    },
  ];
}
