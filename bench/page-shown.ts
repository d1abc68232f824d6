import type { Page } from '@playwright/test';

/**
 * What the benches wait for in the page, watched with nothing of Playwright's evaluated
 * there. A locator (or `fill`) evaluates Playwright's injected script in the page the
 * first time it is used on each document: a main-thread task of ~20 ms, ~100 ms with the
 * CPU slowed 4×, which the boot and sync figures (the longest main-thread task) and
 * ready_ms would count as the app's work (a trace of a 4× boot found it among
 * the longest tasks). Init scripts set before any script of the page call bindings
 * instead; a bench uses locators only once its timed window is over.
 */

/** Calls `somaBenchShown(id)` once an element with one of `ids` (data-testid) first shows. */
const watchShown = (ids: string[]) => {
  // No inner named functions: tsx would wrap them in a `__name` helper the page lacks.
  const w = window as unknown as Record<string, ((id: string) => void) | undefined>;
  const left = new Set(ids);
  const observer = new MutationObserver(() => {
    for (const id of [...left]) {
      if (!document.querySelector(`[data-testid="${id}"]`)) continue;
      left.delete(id);
      w.somaBenchShown?.(id);
    }
    if (left.size === 0) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
};

/** A promise that rejects after `timeoutMs` unless `settle` is called first. */
function deadline<T>(what: string, timeoutMs: number) {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(what)), timeoutMs);
    settle = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
  });
  return { promise, settle };
}

/** `shown(id)` resolves when the page's element with that test id first shows, on its first load after the call. */
export async function watchPageShown(page: Page, ids: string[]) {
  const waiting = new Map<string, () => void>();
  const arrived = new Map(
    ids.map((id) => [id, new Promise<void>((resolve) => waiting.set(id, resolve))]),
  );
  await page.exposeBinding('somaBenchShown', (_source, id: string) => waiting.get(id)?.());
  await page.addInitScript(watchShown, ids);
  return {
    /** When `id` first showed (rejects after `timeoutMs`). */
    async shown(id: string, timeoutMs = 60_000): Promise<void> {
      const promise = arrived.get(id);
      if (!promise) throw new Error(`no se vigila ${id}`);
      const late = deadline<void>(`${id} no apareció`, timeoutMs);
      void promise.then(() => late.settle());
      return late.promise;
    },
  };
}

/**
 * Notes when each query's summary first showed, on the page's clock as epoch ms, and
 * calls `somaBenchSummary(q, at)`. Playwright's `waitFor` polls, at up to 500 ms between
 * tries once the element is late, so its return says when Playwright looked: a reload
 * whose results showed at 720 ms was «ready» at 1,106. The figures time what the user sees.
 */
const watchSummaryScript = () => {
  const w = window as unknown as {
    summaryShown: Record<string, number>;
    somaBenchSummary?: (q: string, at: number) => void;
  };
  w.summaryShown = {};
  new MutationObserver(() => {
    const q = document.querySelector('[data-testid="search-summary"]')?.getAttribute('data-query');
    if (q == null || q in w.summaryShown) return;
    const at = performance.timeOrigin + performance.now();
    w.summaryShown[q] = at;
    w.somaBenchSummary?.(q, at);
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-query'],
  });
};

/** `next(q)` resolves when `q`'s summary next shows (ask before the action that shows it). */
export async function watchSummaries(page: Page) {
  let waiting: { q: string; settle: (at: number) => void }[] = [];
  await page.exposeBinding('somaBenchSummary', (_source, q: string, at: number) => {
    for (const w of waiting) if (w.q === q) w.settle(at);
    waiting = waiting.filter((w) => w.q !== q);
  });
  await page.addInitScript(watchSummaryScript);
  return {
    /** When `q`'s summary next shows: epoch ms on the page's clock. */
    next(q: string, timeoutMs: number): Promise<number> {
      const shown = deadline<number>(`no se vio el resumen de «${q}»`, timeoutMs);
      waiting.push({ q, settle: shown.settle });
      return shown.promise;
    },
  };
}

/**
 * Types `q` into the header's empty search box as `fill` would (focus, then CDP's
 * Input.insertText), without Playwright's injected script.
 */
export async function typeInSearchBox(page: Page, q: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector('[data-testid="search-box"]').focus()`,
    });
    if (exceptionDetails)
      throw new Error(`no se pudo enfocar la búsqueda: ${exceptionDetails.text}`);
    await cdp.send('Input.insertText', { text: q });
  } finally {
    await cdp.detach();
  }
}

/**
 * Types `q` into the search box (with a locator: after the timed window) and waits for
 * its summary: the worker's time for it (`data-ms`, its wait behind other work included).
 */
export async function workerMs(page: Page, q: string): Promise<number> {
  await page.getByTestId('search-box').fill(q);
  const summary = page.locator(`[data-testid="search-summary"][data-query="${q}"]`);
  await summary.waitFor({ timeout: 10_000 });
  return Number(await summary.getAttribute('data-ms'));
}
