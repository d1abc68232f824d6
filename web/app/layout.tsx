import { createEffect, createMemo, type JSX, on, onCleanup, Show } from 'solid-js';
import '../devices/devices.css';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { firstScreenShown } from '../offline/sw-update.ts';
import { SearchBox } from '../search/ui/search-box.tsx';
import { SyncIndicator } from '../search/ui/sync-indicator.tsx';
import { useStores } from '../state/use-stores.ts';
import { AuditBanner } from '../ui/audit-banner.tsx';
import { createLater } from '../ui/create-later.ts';
import { EventsIndicator } from '../ui/events-indicator.tsx';
import { LangSwitch } from '../ui/lang-switch.tsx';
import { lazyView, preloadLazyViews } from '../ui/lazy-view.tsx';
import { VaultTree } from '../vault/vault-tree.tsx';
import { createTreeVisibility } from './tree-visibility.ts';

const TREE_ID = 'vault-tree';

/** The banner of a refused harness edit, its words and their describer load only when one is. */
const HarnessBanner = lazyView(
  () => import('../ui/harness-banner.tsx').then((m) => m.HarnessBanner),
  { whenIdle: false },
);

/** Header, vault tree (a drawer on narrow screens) and the main pane. */
export function Layout(props: { children: JSX.Element }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const tree = createTreeVisibility(stores.preferences);
  const harnessRefused = () => stores.vault.state.status?.harness.ok === false;
  // Picking a note on a phone closes the drawer so the note is visible. Keyed by value:
  // the router re-announces the same route after login, which must not close it.
  const routeKey = createMemo(() => JSON.stringify(stores.router.route()));
  createEffect(on(routeKey, () => tree.closeDrawer(), { defer: true }));
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && tree.drawerOpen()) tree.closeDrawer();
  };
  document.addEventListener('keydown', closeOnEscape);
  onCleanup(() => document.removeEventListener('keydown', closeOnEscape));
  // The pane (the chat, a note) renders in the task after the header and the tree: signing in
  // drew everything in one long task at boot (a trace showed it), now in two shorter ones.
  const paneShown = createLater();
  // The service worker registers only once this screen is drawn, never before it.
  // Then, when the page is idle, the code the chat needs later (sending, the command panel,
  // an answer's view): loaded while the server answers, so that a message sent once it has
  // gone still gets its notice.
  createEffect(() => {
    if (!paneShown()) return;
    firstScreenShown();
    requestIdleCallback(
      () => {
        preloadLazyViews();
        stores.chat.preload();
      },
      { timeout: 5_000 },
    );
  });
  return (
    <div
      class="layout"
      classList={{ 'drawer-open': tree.drawerOpen(), 'tree-collapsed': tree.collapsed() }}
    >
      <header class="app-header">
        <button
          type="button"
          class="skip-link"
          onClick={() => document.getElementById('main')?.focus()}
        >
          {t('app.skipToContent')}
        </button>
        <button
          type="button"
          class="button button-quiet tree-toggle"
          data-testid="tree-toggle"
          aria-label={t('tree.toggle')}
          aria-controls={TREE_ID}
          aria-expanded={tree.expanded()}
          onClick={() => tree.toggle()}
        >
          <span class="hamburger" aria-hidden="true" />
        </button>
        <a class="app-title" href="#/">
          {t('app.title')}
        </a>
        <SearchBox />
        <SyncIndicator />
        <EventsIndicator />
        <a class="button button-quiet devices-link" href="#/dispositivos" title={t('devices.link')}>
          <span class="devices-link-text">{t('devices.link')}</span>
        </a>
        <LangSwitch />
      </header>
      <OfflineBanner />
      <AuditBanner />
      <Show when={harnessRefused()}>
        <HarnessBanner />
      </Show>
      <VaultTree id={TREE_ID} open={tree.drawerOpen()} onNavigate={() => tree.closeDrawer()} />
      <main id="main" class="main-pane" tabIndex={-1}>
        <Show when={paneShown()}>{props.children}</Show>
      </main>
    </div>
  );
}
