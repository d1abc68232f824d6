import { onMount } from 'solid-js';
import { useStores } from '../app/store-context.tsx';

/** /reiniciar's question, as a modal dialog (focus kept inside, Escape cancels). */
export function ConfirmReset() {
  const stores = useStores();
  const t = stores.i18n.t;
  let dialog: HTMLDialogElement | undefined;
  // Mounted only while confirming; closing it (Escape included) cancels.
  onMount(() => dialog?.showModal());
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      data-testid="confirm-reset"
      aria-labelledby="confirm-reset-title"
      onClose={() => stores.chat.cancelReset()}
    >
      <h2 id="confirm-reset-title">{t('reset.title')}</h2>
      <p>{t('reset.explain')}</p>
      <div class="panel-actions">
        <button
          type="button"
          class="button button-danger"
          onClick={() => void stores.chat.confirmReset()}
        >
          {t('reset.confirm')}
        </button>
        <button
          type="button"
          class="button button-quiet"
          autofocus
          onClick={() => stores.chat.cancelReset()}
        >
          {t('reset.cancel')}
        </button>
      </div>
    </dialog>
  );
}
