import { render } from 'solid-js/web';
import { readShareTarget } from './app/share-target.ts';
import { startServiceWorker } from './offline/sw-update.ts';
import { asksSearchAtOnce, parseHash } from './router/route.ts';
import { preloadSearchWorker, searchWorkerSignedIn } from './search/worker/search-client.ts';
import { keepLoginToken, takeLoginToken } from './session/login-link.ts';
import { beginBootSession } from './session/session-start.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
keepLoginToken();
readShareTarget();
// The pairing page (a phone opening the QR code) has no vault to search yet.
const pairing = location.pathname === '/pair';
if (!pairing) preloadSearchWorker(asksSearchAtOnce(parseHash(location.hash)));
startServiceWorker();

/** Lets the browser run other tasks (input, paint, the worker's messages) before the next piece. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The app's modules evaluated a group at a time, each in a task of its own: evaluating them
 * all at once was the longest task of the page's boot in a trace. Each import
 * evaluates only what earlier ones did not: the IO and its schemas, the words, the chat's
 * logic, then the views. The first render (every store, the first screen) gets its own task.
 */
const api = await import('./lib/api.ts');
// The session at once, while the rest loads: the first render finds it known. The search
// worker's sync still starts after that render (the session store starts it): started here,
// it competed with the page's boot and made its longest task longer (docs/FACTS.md).
// Only a first visit's export is asked for as soon as the session is known: the network
// and the server's reads, not the worker's indexing, overlap the boot.
if (!pairing) {
  void beginBootSession(api, takeLoginToken()).then((start) => {
    if ('session' in start.check) searchWorkerSignedIn();
  });
}
await nextTask();
await import('./i18n/i18n-store.ts');
await nextTask();
await import('./chat/chat-store.ts');
await nextTask();
const { App } = await import('./app/app.tsx');
await nextTask();
render(() => <App />, root);
