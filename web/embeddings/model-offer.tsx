import { Show } from 'solid-js';
import type { EmbedStatus, SemanticModelStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { EmbedButton } from './embed-button.tsx';
import { formatDuration, formatSize } from './model-figures.ts';

/** What will happen before anything does: the model, its size, the time, and privacy; then «yes». */
export function ModelOffer(props: { model: SemanticModelStatus; status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const size = () => formatSize(props.model.bytes, stores.i18n.locale());
  return (
    <div data-testid="model-offer">
      <dl class="embed-facts">
        <dt>{t('embed.model.name')}</dt>
        <dd data-testid="model-label">{props.model.label}</dd>
        <dt>{t('embed.model.download')}</dt>
        <dd data-testid="model-size">{t('embed.model.downloadValue', { size: size() })}</dd>
        <dt>{t('embed.model.disk')}</dt>
        <dd>{t('embed.model.diskValue', { size: size() })}</dd>
        <Show when={props.model.estimate}>
          {(estimate) => (
            <>
              <dt>{t('embed.model.time')}</dt>
              <dd data-testid="model-estimate">
                {t(
                  props.status.budget.cores === 1
                    ? 'embed.model.timeValueOne'
                    : 'embed.model.timeValue',
                  {
                    time: formatDuration(estimate().seconds, t),
                    cores: props.status.budget.cores,
                    chunks: estimate().chunks.toLocaleString(stores.i18n.locale()),
                  },
                )}
              </dd>
            </>
          )}
        </Show>
      </dl>
      <p>{t('embed.model.private')}</p>
      <Show
        when={props.status.laptop}
        fallback={
          <p class="muted" data-testid="model-phone">
            {t('embed.model.phone')}
          </p>
        }
      >
        <div class="panel-actions">
          <EmbedButton testid="model-start" run={() => stores.embeddings.download()}>
            {t('embed.model.start')}
          </EmbedButton>
        </div>
      </Show>
    </div>
  );
}
