/**
 * Registers the service worker (offline reading, installation) after the page has
 * loaded, so workbox-window and the update prompt never weigh on the first page.
 * Service workers need a secure context: loopback or HTTPS.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  window.addEventListener('load', () => {
    void import('./register-sw.ts').then((m) => m.registerServiceWorker());
  });
}
