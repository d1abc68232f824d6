import { createSelector, createSignal, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { lazyView } from '../ui/lazy-view.tsx';

/**
 * The rows, drawn a window at a time: their code loads once the vault's top level has
 * answered, off the first page's JavaScript.
 */
const TreeList = lazyView(() => import('./tree-list.tsx').then((m) => m.TreeList));

/** The vault's folders and notes as a collapsible tree, in the navigation landmark. */
export function VaultTree(props: { id: string; open: boolean; onNavigate: () => void }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const topLevel = () => stores.vault.rows('');
  // One selector for the whole tree: opening a note re-marks the old row and the new one only
  // (each row reading the route itself re-ran thousands of checks on every navigation).
  const current = () => {
    const route = stores.router.route();
    return route.name === 'note' ? route.path : null;
  };
  const isCurrent = createSelector(current);
  const [scroller, setScroller] = createSignal<HTMLElement>();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only bubbled clicks from the links inside land here, and Enter on a link fires click too.
    <nav
      ref={setScroller}
      id={props.id}
      class="vault-tree"
      classList={{ 'is-open': props.open }}
      aria-label={t('tree.label')}
      data-testid="vault-tree"
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a[href]')) props.onNavigate();
      }}
    >
      <h2 class="vault-tree-title">{stores.vault.state.status?.vaultName ?? t('tree.label')}</h2>
      <Show when={topLevel()} fallback={<p class="muted">{t('tree.loading')}</p>}>
        {(nodes) => (
          <Show when={nodes().length > 0} fallback={<p class="muted">{t('tree.empty')}</p>}>
            <TreeList scroller={scroller} isCurrent={isCurrent} reveal={stores.vault.notePainted} />
          </Show>
        )}
      </Show>
    </nav>
  );
}
