import { SW_AFTER_SYNC_MAX_MS } from '../lib/timing.ts';
import { INDEX_END_MARK } from '../search/worker/search-protocol.ts';

/**
 * Registers the service worker (offline reading, installation) once the page has loaded
 * and the search worker's first sync is done, so that workbox-window, the update prompt
 * and the worker's precache (its fetches and cache writes, CPU on threads of their own:
 * docs/FACTS.md) never weigh on the first page or compete with a first sync for the laptop's
 * two cores. A page that never syncs (the login page, the pairing page, a sync that keeps
 * failing) registers it after `SW_AFTER_SYNC_MAX_MS`.
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
    if (performance.getEntriesByName(INDEX_END_MARK, 'mark').length > 0) return register();
    const synced = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(INDEX_END_MARK, 'mark').length) return;
      synced.disconnect();
      register();
    });
    synced.observe({ type: 'mark' });
    setTimeout(() => {
      synced.disconnect();
      register();
    }, SW_AFTER_SYNC_MAX_MS);
  });
}
