import { type Component, createComponent, createSignal, Show } from 'solid-js';

/** Every lazy view's load, for `preloadLazyViews`. */
const preloaders: (() => void)[] = [];

/**
 * Loads every lazy view's module now. Called once the first screen is drawn and the page
 * is idle: a view first needed while the server is gone (the notice that a message could
 * not be sent) must not depend on fetching its code from that server.
 */
export function preloadLazyViews(): void {
  for (const ask of preloaders) ask();
}

/** Adds a load of code the user may soon need (another route's) to those `preloadLazyViews` runs. */
export function preloadWhenIdle(ask: () => void): void {
  preloaders.push(ask);
}

/**
 * A component whose module loads when it is first drawn, as solid's `lazy`, but with the
 * loaded view shared by every instance: outside a Suspense, a `lazy` instance made while the
 * module loads waits on the first instance's resource, and never shows if that first
 * instance was disposed meanwhile (an answer's row redrawn while its view still loaded).
 * A load that fails is tried again by the next instance drawn. `whenIdle: false` keeps a
 * view out of `preloadLazyViews`: a view few pages ever show loads only when it is drawn.
 */
export function lazyView<P extends object>(
  load: () => Promise<Component<P>>,
  { whenIdle = true }: { whenIdle?: boolean } = {},
): Component<P> {
  const [view, setView] = createSignal<Component<P> | null>(null);
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    load().then(
      (loaded) => setView(() => loaded),
      () => {
        asked = false;
      },
    );
  };
  if (whenIdle) preloaders.push(ask);
  return (props: P) => {
    ask();
    // createComponent, not <Dynamic>: Dynamic brings the DOM's spread tables to the first page.
    return <Show when={view()}>{(View) => createComponent(View(), props)}</Show>;
  };
}
