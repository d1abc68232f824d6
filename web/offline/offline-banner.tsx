import { onCleanup, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { RetryButton } from '../ui/retry-button.tsx';
import { listenServedFromCache } from './network-status.ts';

/**
 * While the server does not answer: what works without it (reading) and what does not
 * (chat, proposals), that it is tried again on its own, and a way to try now.
 */
export function OfflineBanner() {
  const stores = useStores();
  const t = stores.i18n.t;
  // A note read from the saved copy still means the server is unreachable: say so, retry.
  listenServedFromCache((error) => stores.connection.report(error));
  onCleanup(() => listenServedFromCache(null));
  return (
    <Show when={stores.connection.serverDown()}>
      <div class="notice notice-warning offline-notice" role="status">
        <p data-testid="offline-banner">{t('offline.banner')}</p>
        <p class="offline-retry">
          <span class="error-banner-hint">{t('banner.autoRetry')}</span>
          <RetryButton />
        </p>
      </div>
    </Show>
  );
}
