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
  wb.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register().catch((error: unknown) => console.warn('SOMA: sin service worker', error));
}
