import { onCleanup, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import { browserOnline, listenServedFromCache } from './network-status.ts';

/** Says what works without the server (reading) and what does not (chat, proposals). */
export function OfflineBanner() {
  const stores = useStores();
  const t = stores.i18n.t;
  // A note read from the saved copy still means the server is unreachable: say so, retry.
  listenServedFromCache((error) => stores.connection.report(error));
  onCleanup(() => listenServedFromCache(null));
  return (
    <Show when={!browserOnline() || stores.connection.serverDown()}>
      <p class="notice notice-warning offline-banner" role="status" data-testid="offline-banner">
        {t('offline.banner')}
      </p>
    </Show>
  );
}
