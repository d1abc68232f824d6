import { ErrorBoundary, Match, Switch } from 'solid-js';
import { LoginRequired } from '../session/login-required.tsx';
import { ErrorBanner } from '../ui/error-banner.tsx';
import { FatalError } from '../ui/fatal-error.tsx';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { NoteRoute } from './routes/note-route.tsx';
import { StoreProvider, useStores } from './store-context.tsx';

/** Picks the screen: waiting, the login page, or the app with the route's pane. */
function Screen() {
  const stores = useStores();
  const route = stores.router.route;
  const notePath = () => {
    const current = route();
    return current.name === 'note' ? current.path : null;
  };
  return (
    <Switch>
      <Match when={stores.session.status() === 'checking'}>
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
          <Switch fallback={<HomeRoute />}>
            <Match when={notePath()}>{(path) => <NoteRoute path={path()} />}</Match>
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
