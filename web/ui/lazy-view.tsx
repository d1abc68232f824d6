import { type Component, createComponent, createSignal, Show } from 'solid-js';

/**
 * A component whose module loads when it is first drawn, as solid's `lazy`, but with the
 * loaded view shared by every instance: outside a Suspense, a `lazy` instance made while the
 * module loads waits on the first instance's resource, and never shows if that first
 * instance was disposed meanwhile (an answer's row redrawn while its view still loaded).
 * A load that fails is tried again by the next instance drawn.
 */
export function lazyView<P extends object>(load: () => Promise<Component<P>>): Component<P> {
  const [view, setView] = createSignal<Component<P> | null>(null);
  let asked = false;
  return (props: P) => {
    if (!asked) {
      asked = true;
      load().then(
        (loaded) => setView(() => loaded),
        () => {
          asked = false;
        },
      );
    }
    // createComponent, not <Dynamic>: Dynamic brings the DOM's spread tables to the first page.
    return <Show when={view()}>{(View) => createComponent(View(), props)}</Show>;
  };
}
