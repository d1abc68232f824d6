import { Show } from 'solid-js';
import { useStores } from '../../state/use-stores.ts';

/** "sincronizando N/M" while the browser's copy of the vault is being fetched. */
export function SyncIndicator() {
  const stores = useStores();
  return (
    <Show when={stores.search.progress()}>
      {(p) => (
        <span class="sync-indicator" role="status" data-testid="sync-progress">
          {stores.i18n.t('search.syncing', { done: p().done, total: p().total })}
        </span>
      )}
    </Show>
  );
}
