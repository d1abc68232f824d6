import { useStores } from '../state/use-stores.ts';

/**
 * Tries the server again now, not waiting for the next try on its own; off while a try is
 * under way. The banners that tell of a server problem each carry one.
 */
export function RetryButton() {
  const stores = useStores();
  return (
    <button
      type="button"
      class="button"
      disabled={stores.connection.retrying()}
      onClick={() => void stores.connection.retry()}
    >
      {stores.i18n.t('banner.retry')}
    </button>
  );
}
