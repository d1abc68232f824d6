import { SW_AFTER_SYNC_MAX_MS } from '../lib/timing.ts';
import { INDEX_END_MARK } from '../search/worker/search-protocol.ts';

/** The longest the registration waits for an idle moment once the page is ready. */
const SW_IDLE_MAX_MS = 2_000;

/** Resolves when the app's first usable screen is drawn (`firstScreenShown`). */
let screenShown: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  screenShown = resolve;
});

/** Tells the service worker's registration that the first screen (the chat, a note) is drawn: it waits for that frame to be painted. */
export function firstScreenShown(): void {
  requestAnimationFrame(() => setTimeout(screenShown));
}

/** Resolves once the search worker's first sync is done (its end mark is set). */
function firstSync(): Promise<void> {
  if (performance.getEntriesByName(INDEX_END_MARK, 'mark').length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const synced = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(INDEX_END_MARK, 'mark').length) return;
      synced.disconnect();
      resolve();
    });
    synced.observe({ type: 'mark' });
  });
}

/**
 * Registers the service worker (offline reading, installation) once the page has loaded,
 * its first screen is drawn and the search worker's first sync is done, so that
 * workbox-window, the update prompt and the worker's precache (its fetches and cache
 * writes, CPU on threads of their own: docs/FACTS.md) never weigh on the first page or compete
 * with a first sync for the laptop's two cores. A page that never gets there (the login
 * page, the pairing page, a sync that keeps failing) registers it after
 * `SW_AFTER_SYNC_MAX_MS`.
 * Service workers need a secure context: loopback or HTTPS.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    void import('./register-sw.ts').then((m) => m.registerServiceWorker());
  };
  window.addEventListener('load', () => {
    // Then when the page is idle: the registration is background work.
    void Promise.all([firstScreen, firstSync()]).then(() =>
      requestIdleCallback(register, { timeout: SW_IDLE_MAX_MS }),
    );
    setTimeout(register, SW_AFTER_SYNC_MAX_MS);
  });
}
