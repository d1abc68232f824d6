import { Show } from 'solid-js';
import { describeError } from '../i18n/describe-error.ts';
import { useStores } from '../state/use-stores.ts';
import { RetryButton } from './retry-button.tsx';

/**
 * The app-wide problem in words, with a retry button. A server that does not answer is
 * the offline notice's to say (offline-banner.tsx, offline-home.tsx): said once, not twice.
 */
export function ErrorBanner() {
  const stores = useStores();
  const t = stores.i18n.t;
  return (
    <Show when={!stores.connection.serverDown() && stores.connection.error()}>
      {(error) => (
        <div class="error-banner" role="alert" data-testid="error-banner">
          <p class="error-banner-text">{describeError(error(), t)}</p>
          <div class="error-banner-actions">
            <RetryButton />
            <button
              type="button"
              class="button button-quiet"
              aria-label={t('banner.dismiss')}
              onClick={() => stores.connection.dismiss()}
            >
              ×
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
