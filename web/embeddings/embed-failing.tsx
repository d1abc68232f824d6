import { Show } from 'solid-js';
import { type EmbedStatus, startupProblemCodes } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { EmbedButton } from './embed-button.tsx';

/**
 * While the embedder fails (not paused: the user switched nothing off): that search by
 * words still works, what to check for this kind of embedder, and a retry that does not
 * wait out the back-off. The failure itself is the facts' «Último error» line.
 */
export function EmbedFailing(props: { status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const s = () => props.status;
  const atStartup = () => startupProblemCodes.has(s().lastError?.code ?? '');
  return (
    <section class="embed-failing" data-testid="embed-failing" aria-labelledby="embed-failing-h">
      <h2 id="embed-failing-h">{t('embed.failing.title')}</h2>
      <p>{t('embed.failing.lexical')}</p>
      <p data-testid="embed-fix">
        {t(`embed.failing.fix.${s().kind ?? 'test'}`, {
          endpoint: s().endpoint ?? '',
          model: s().model ?? '',
        })}
      </p>
      <Show when={!atStartup()} fallback={<p>{t('embed.failing.restart')}</p>}>
        <p class="muted">{t('embed.failing.retry')}</p>
        <div class="panel-actions">
          <EmbedButton testid="embed-retry" run={() => stores.embeddings.retry()}>
            {t('embed.retry')}
          </EmbedButton>
        </div>
      </Show>
    </section>
  );
}
