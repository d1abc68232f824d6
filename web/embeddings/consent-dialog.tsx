import { onMount } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import type { ConsentAsk } from './embeddings-store.ts';

/**
 * Asks before note text leaves the machine: which endpoint and model, how many notes and
 * characters. Only «Sí» posts the consent; «No», Escape or closing it send nothing.
 */
export function ConsentDialog(props: { ask: ConsentAsk }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const number = (n: number) => n.toLocaleString(stores.i18n.locale());
  let dialog: HTMLDialogElement | undefined;
  let accepted = false;
  onMount(() => dialog?.showModal());
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      data-testid="embed-consent"
      aria-labelledby="embed-consent-title"
      onClose={() => {
        if (!accepted) stores.embeddings.declineConsent();
      }}
    >
      <h2 id="embed-consent-title">{t('embed.consent.title')}</h2>
      <p data-testid="embed-consent-body">
        {t('embed.consent.body', {
          notes: number(props.ask.notes),
          characters: number(props.ask.characters),
          endpoint: props.ask.endpoint,
          model: props.ask.model,
        })}
      </p>
      <p class="muted">{t('embed.consent.after')}</p>
      <div class="panel-actions">
        <button
          type="button"
          class="button"
          data-testid="embed-consent-yes"
          onClick={() => {
            accepted = true;
            dialog?.close();
            void stores.embeddings.giveConsent(props.ask);
          }}
        >
          {t('embed.consent.yes')}
        </button>
        <button
          type="button"
          class="button button-quiet"
          data-testid="embed-consent-no"
          autofocus
          onClick={() => dialog?.close()}
        >
          {t('embed.consent.no')}
        </button>
      </div>
    </dialog>
  );
}
