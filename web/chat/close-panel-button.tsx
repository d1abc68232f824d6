import { useStores } from '../state/use-stores.ts';

/** The × that closes the command panel (help, search results, notices). */
export function ClosePanelButton() {
  const stores = useStores();
  return (
    <button
      type="button"
      class="button button-quiet"
      aria-label={stores.i18n.t('panel.close')}
      onClick={() => stores.chat.closePanel()}
    >
      ×
    </button>
  );
}
