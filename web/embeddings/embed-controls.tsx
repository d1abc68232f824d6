import { Show } from 'solid-js';
import type { EmbedStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { EmbedButton } from './embed-button.tsx';

/** The switch, consent withdrawal and reopening the consent question, each saying what it does. */
export function EmbedControls(props: { status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const embeddings = stores.embeddings;
  const s = () => props.status;
  return (
    <section class="embed-controls">
      <p class="muted">{t('embed.switch.help')}</p>
      <div class="panel-actions">
        <EmbedButton testid="embed-switch" run={() => embeddings.setEnabled(!s().enabled)}>
          {t(s().enabled ? 'embed.switch.off' : 'embed.switch.on')}
        </EmbedButton>
        <Show when={s().consent === 'given'}>
          <EmbedButton testid="embed-revoke" quiet run={() => embeddings.revokeConsent()}>
            {t('embed.revoke')}
          </EmbedButton>
        </Show>
        <Show when={s().consent === 'needed' && s().enabled && embeddings.declined()}>
          <button
            type="button"
            class="button button-quiet"
            data-testid="embed-consent-open"
            onClick={() => embeddings.reconsider()}
          >
            {t('embed.consent.open')}
          </button>
        </Show>
      </div>
      <Show when={s().consent === 'needed' && embeddings.declined()}>
        <p class="muted" data-testid="embed-declined">
          {t('embed.consent.declined')}
        </p>
      </Show>
      <Show when={!s().local}>
        <p class="muted">{t('embed.revoke.help', { endpoint: s().endpoint ?? '' })}</p>
      </Show>
    </section>
  );
}
