import { createSignal, onCleanup } from 'solid-js';
import { parseHash, type Route } from './route.ts';

/** The current route, following `hashchange`. Call inside a component or root. */
export function createRouterStore() {
  const [route, setRoute] = createSignal<Route>(parseHash(location.hash));
  const update = () => setRoute(parseHash(location.hash));
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
