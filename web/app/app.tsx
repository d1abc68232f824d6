import { ErrorBoundary, lazy, Match, Show, Switch } from 'solid-js';
import { LoginRequired } from '../session/login-required.tsx';
import { useStores } from '../state/use-stores.ts';
import { ErrorBanner } from '../ui/error-banner.tsx';
import { FatalError } from '../ui/fatal-error.tsx';
import { preloadWhenIdle } from '../ui/lazy-view.tsx';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { hasShared } from './share-target.ts';
import { StoreProvider } from './store-provider.tsx';

const SearchRoute = lazy(() => import('./routes/search-route.tsx'));
/** A note (its front matter's YAML parser, the related notes): not needed to show the chat. */
const loadNoteRoute = () => import('./routes/note-route.tsx');
const NoteRoute = lazy(() => loadNoteRoute().then((m) => ({ default: m.NoteRoute })));
// The first note opened must not wait for its code (nor its Markdown renderer): both load
// once the first screen is drawn and the page is idle, never on the way to that screen.
preloadWhenIdle(() => {
  NoteRoute.preload().catch(() => undefined);
  loadNoteRoute().then(
    (m) => m.preloadNoteView(),
    () => undefined,
  );
});
const DevicesView = lazy(() => import('../devices/devices-view.tsx'));
const EmbeddingsPanel = lazy(() => import('../embeddings/embeddings-panel.tsx'));
const OfflineHome = lazy(() => import('../offline/offline-home.tsx'));
/** `/pair#<code>`, the page a phone opens from the QR code. */
const PairPage = lazy(() => import('../pairing/pair-page.tsx'));
/** Puts what another app shared into the composer; loaded only when something was shared. */
const ShareInbox = lazy(() => import('./share-inbox.tsx'));
const AuditRoute = lazy(() =>
  import('./routes/audit-route.tsx').then((m) => ({ default: m.AuditRoute })),
);

/** Picks the screen: waiting, the login page, or the app with the route's pane. */
function Screen() {
  const stores = useStores();
  const route = stores.router.route;
  const notePath = () => {
    const current = route();
    return current.name === 'note' ? current.path : null;
  };
  const search = () => {
    const current = route();
    return current.name === 'search' ? current : null;
  };
  // The server does not answer and no session answer came: what this device saved can be read.
  const offline = () => stores.session.status() === 'checking' && stores.connection.serverDown();
  return (
    <Switch>
      <Match when={location.pathname === '/pair'}>
        <PairPage />
      </Match>
      <Match when={offline()}>
        <OfflineHome />
      </Match>
      {/* The saved choices (the tree hidden, the language) before the app, so it never jumps. */}
      <Match when={stores.session.status() === 'checking' || !stores.preferences.loaded()}>
        <main id="main" class="waiting">
          <p class="muted" role="status">
            {stores.i18n.t('app.loading')}
          </p>
        </main>
      </Match>
      <Match when={stores.session.status() === 'signed-out'}>
        <LoginRequired />
      </Match>
      <Match when={stores.session.status() === 'signed-in'}>
        <Layout>
          <Show when={hasShared()}>
            <ShareInbox />
          </Show>
          <Switch fallback={<HomeRoute />}>
            <Match when={notePath()}>{(path) => <NoteRoute path={path()} />}</Match>
            <Match when={route().name === 'audit'}>
              <AuditRoute />
            </Match>
            <Match when={search()}>
              {(s) => <SearchRoute query={s().query} folder={s().folder} tag={s().tag} />}
            </Match>
            <Match when={route().name === 'devices'}>
              <DevicesView />
            </Match>
            <Match when={route().name === 'embeddings'}>
              <EmbeddingsPanel />
            </Match>
          </Switch>
        </Layout>
      </Match>
    </Switch>
  );
}

/** The whole PWA: stores, the error banner, and a boundary so a crash never leaves a blank page. */
export function App() {
  return (
    <StoreProvider>
      <ErrorBanner />
      <ErrorBoundary fallback={(error, reset) => <FatalError error={error} reset={reset} />}>
        <Screen />
      </ErrorBoundary>
    </StoreProvider>
  );
}
