import { Show } from 'solid-js';
import type { SemanticModelStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { formatDuration, formatSize } from './model-figures.ts';

/** The download under way: a bar with bytes, rate and time left, or «Comprobando…»; «Cancelar». */
export function ModelProgress(props: { model: SemanticModelStatus; laptop: boolean }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const size = (bytes: number) => formatSize(bytes, stores.i18n.locale());
  const progress = () => props.model.download.progress;
  const checking = () => props.model.download.state === 'checking';
  const left = () => {
    const seconds = progress()?.secondsLeft;
    return seconds == null ? t('embed.model.leftUnknown') : formatDuration(seconds, t);
  };
  return (
    <div data-testid="model-progress">
      <progress
        class="embed-progress"
        aria-label={t('embed.model.title')}
        max={Math.max(1, progress()?.totalBytes ?? props.model.bytes)}
        value={progress()?.doneBytes ?? 0}
      />{' '}
      <span data-testid="model-progress-text">
        <Show when={!checking()} fallback={t('embed.model.checking')}>
          {t('embed.model.downloading', {
            done: size(progress()?.doneBytes ?? 0),
            total: size(progress()?.totalBytes ?? props.model.bytes),
            rate: size(progress()?.bytesPerSecond ?? 0),
            left: left(),
          })}
        </Show>
      </span>
      <Show when={props.laptop && !checking()}>
        <div class="panel-actions">
          <button
            type="button"
            class="button button-quiet"
            data-testid="model-cancel"
            onClick={() => void stores.embeddings.cancelDownload()}
          >
            {t('embed.model.cancel')}
          </button>
        </div>
      </Show>
    </div>
  );
}
