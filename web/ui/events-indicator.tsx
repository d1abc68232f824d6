import { Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** A small "reconnecting…" note while the live event stream is down. */
export function EventsIndicator() {
  const stores = useStores();
  return (
    <Show when={stores.vault.events() === 'reconnecting'}>
      <span class="events-indicator" role="status" data-testid="events-reconnecting">
        {stores.i18n.t('events.reconnecting')}
      </span>
    </Show>
  );
}
