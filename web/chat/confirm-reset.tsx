import { createSignal, onMount, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** /reiniciar's question, as a modal dialog (focus kept inside, Escape cancels). */
export function ConfirmReset() {
  const stores = useStores();
  const t = stores.i18n.t;
  let dialog: HTMLDialogElement | undefined;
  const pinned = () =>
    stores.chat.state.chips.filter((c) => c.pinned).length +
    (stores.chat.state.conversation?.project ? 1 : 0);
  // Pins are the user's memory for this conversation: keeping them is the default.
  const [keep, setKeep] = createSignal(true);
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
      <Show when={pinned() > 0}>
        <label class="reset-keep">
          <input
            type="checkbox"
            data-testid="reset-keep-pinned"
            checked={keep()}
            onChange={(e) => setKeep(e.currentTarget.checked)}
          />{' '}
          {t('reset.keepPinned', { count: pinned() })}
        </label>
      </Show>
      <div class="panel-actions">
        <button
          type="button"
          class="button button-danger"
          onClick={() => void stores.chat.confirmReset(keep() || pinned() === 0)}
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
