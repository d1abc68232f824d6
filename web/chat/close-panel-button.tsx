import { useStores } from '../app/store-context.tsx';

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
