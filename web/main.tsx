import { render } from 'solid-js/web';
import { App } from './app/app.tsx';
import { readShareTarget } from './app/share-target.ts';
import { startServiceWorker } from './offline/sw-update.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
readShareTarget();
render(() => <App />, root);
startServiceWorker();
