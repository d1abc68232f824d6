import { createSignal, onCleanup } from 'solid-js';

/** The width under which the tree is a drawer (the phone layout in styles.css). */
const NARROW = '(max-width: 700px)';

/**
 * The vault tree's one toggle: on a phone it opens and closes the drawer (closed on each
 * visit); on a wider screen it hides the column so the conversation gets the room, and
 * that choice is remembered (`saved`: the preferences store), so a reload keeps it hidden.
 */
export function createTreeVisibility(saved: {
  treeCollapsed(): boolean;
  setTreeCollapsed(collapsed: boolean): void;
}) {
  const media = window.matchMedia(NARROW);
  const [narrow, setNarrow] = createSignal(media.matches);
  const onMedia = (event: MediaQueryListEvent) => setNarrow(event.matches);
  media.addEventListener('change', onMedia);
  onCleanup(() => media.removeEventListener('change', onMedia));
  const [drawerOpen, setDrawerOpen] = createSignal(false);
  const collapsed = () => saved.treeCollapsed();
  return {
    drawerOpen,
    closeDrawer: () => setDrawerOpen(false),
    /** The column is hidden on a wide screen (the drawer ignores it). */
    collapsed: () => !narrow() && collapsed(),
    /** Whether the tree shows now, for the toggle's aria-expanded. */
    expanded: () => (narrow() ? drawerOpen() : !collapsed()),
    toggle() {
      if (narrow()) {
        setDrawerOpen((open) => !open);
        return;
      }
      saved.setTreeCollapsed(!collapsed());
    },
  };
}
