import { createResource, Show } from 'solid-js';
import { getStatus } from '../lib/api.ts';
import { useStores } from '../state/use-stores.ts';

const KB = 1024;
const MB = KB * KB;

/**
 * What the write history takes on disk, read from the status when the view opens (each
 * approved write adds to it), with where it lives so it goes into the backups.
 */
export function HistoryUsage() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [status] = createResource(getStatus);
  const size = (bytes: number) => {
    const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : [bytes / KB, 'kilobyte'];
    return new Intl.NumberFormat(stores.i18n.locale(), {
      style: 'unit',
      unit,
      maximumFractionDigits: 1,
    }).format(value);
  };
  return (
    <Show when={status()?.history}>
      {(usage) => (
        <p class="muted" data-testid="history-usage" data-bytes={usage().bytes}>
          {t('history.usage', { size: size(usage().bytes), count: usage().entries })}
        </p>
      )}
    </Show>
  );
}
