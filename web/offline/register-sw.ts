import { Workbox } from 'workbox-window';

/** The prompt's words; the page's `lang` says which (the i18n store keeps it current). */
const WORDS = {
  es: { available: 'Hay una versión nueva de SOMA', reload: 'Recargar' },
  en: { available: 'A new version of SOMA is available', reload: 'Reload' },
} as const;

/**
 * "Hay una versión nueva de SOMA — Recargar": plain DOM built here, in this lazy
 * module, so neither it nor workbox-window weighs on the first page.
 */
function showUpdatePrompt(apply: () => void): void {
  if (document.querySelector('[data-testid="update-prompt"]')) return;
  const words = document.documentElement.lang === 'en' ? WORDS.en : WORDS.es;
  const box = document.createElement('div');
  box.className = 'notice update-prompt';
  box.setAttribute('role', 'status');
  box.dataset.testid = 'update-prompt';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = words.reload;
  button.addEventListener('click', apply);
  box.append(`${words.available} — `, button);
  document.body.append(box);
}

/**
 * Registers the service worker built by vite-plugin-pwa (`/sw.js`). A new version
 * waits until the user accepts the prompt; then it takes over and the page reloads.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', (event) => {
    showUpdatePrompt(() => applyUpdate(wb, event.sw));
  });
  wb.register().catch((error: unknown) => console.warn('SOMA: sin service worker', error));
}

/**
 * Tells the waiting worker to take over, and reloads once it has: when it takes the page
 * (controllerchange), or when it is active at all, should the page's change of controller
 * be missed (seen once in CI: the page stayed on the old version with the prompt clicked
 * and no reload, which twenty runs in a row did not show again). The worker the prompt was shown for is told directly, and
 * the registration's waiting one too, should a newer one have replaced it since.
 */
function applyUpdate(wb: Workbox, waiting: ServiceWorker | undefined): void {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  if (waiting) {
    if (waiting.state === 'activated') {
      reload();
      return;
    }
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') reload();
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  }
  wb.messageSkipWaiting();
}
