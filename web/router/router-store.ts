import { createSignal, onCleanup } from 'solid-js';
import { parseHash, type Route } from './route.ts';

/**
 * The current route, following `hashchange`. Call inside a component or root.
 * `ahead` hears a new route before the page draws it (and takes down the old one), so a
 * request the new route needs can already be on its way.
 */
export function createRouterStore(ahead: (route: Route) => void = () => undefined) {
  const [route, setRoute] = createSignal<Route>(parseHash(location.hash));
  const update = () => {
    const next = parseHash(location.hash);
    ahead(next);
    setRoute(next);
  };
  window.addEventListener('hashchange', update);
  onCleanup(() => window.removeEventListener('hashchange', update));
  return {
    route,
    /** Re-reads the hash, for changes made with `history.replaceState` (which fires no event). */
    refresh: update,
  };
}

export type RouterStore = ReturnType<typeof createRouterStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The current route. */
    router: RouterStore;
  }
}
