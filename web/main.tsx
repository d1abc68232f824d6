import { render } from 'solid-js/web';
import { App } from './app/app.tsx';
import { readShareTarget } from './app/share-target.ts';
import { startServiceWorker } from './offline/sw-update.ts';
import { preloadSearchWorker } from './search/search-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
readShareTarget();
// The pairing page (a phone opening the QR code) has no vault to search yet.
if (location.pathname !== '/pair') preloadSearchWorker();
// The first render (every store, the first screen) in a task of its own, after the modules'
// evaluation: two shorter tasks instead of one long one at boot (issue 17's boot trace).
setTimeout(() => render(() => <App />, root));
startServiceWorker();
