import type { Page } from '@playwright/test';

/** The binding the page calls when a watched element first shows (`watchShown`). */
const BINDING = 'somaBenchShown';

/**
 * Calls the bench's binding once an element with one of `ids` (data-testid) first
 * shows. Set before any script of the page (an init script), it needs nothing of
 * Playwright's in the page.
 */
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

/**
 * Resolves `shown(id)` when the page's element with that test id first shows, on this
 * page's first load after the call. Waiting with a locator instead would evaluate
 * Playwright's injected script in the page during its boot: a main-thread task of
 * ~20 ms, ~100 ms with the CPU slowed 4×, that the boot figures would count as the
 * app's (stop 21's trace of a 4× boot found it among the longest tasks).
 */
export async function watchPageShown(page: Page, ids: string[]) {
  const waiting = new Map<string, () => void>();
  const arrived = new Map(
    ids.map((id) => [id, new Promise<void>((resolve) => waiting.set(id, resolve))]),
  );
  await page.exposeBinding(BINDING, (_source, id: string) => waiting.get(id)?.());
  await page.addInitScript(watchShown, ids);
  return {
    /** When `id` first showed (rejects after `timeoutMs`). */
    shown(id: string, timeoutMs = 60_000): Promise<void> {
      const promise = arrived.get(id);
      if (!promise) throw new Error(`no se vigila ${id}`);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${id} no apareció`)), timeoutMs);
      });
      return Promise.race([promise, late]).finally(() => clearTimeout(timer));
    },
  };
}
