import { createSignal } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** The model's files are already on this laptop (a USB stick): install them from that folder. */
export function ModelFolder() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [dir, setDir] = createSignal('');
  return (
    <details class="model-folder" data-testid="model-folder">
      <summary data-testid="model-folder-open">{t('embed.model.folder.open')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (dir().trim()) void stores.embeddings.useFolder(dir().trim());
        }}
      >
        <label>
          {t('embed.model.folder.label')}
          <input
            type="text"
            data-testid="model-folder-input"
            value={dir()}
            onInput={(e) => setDir(e.currentTarget.value)}
          />
        </label>
        <p class="muted">
          {t('embed.model.folder.help', { files: 'model_quantized.onnx, tokenizer.json' })}
        </p>
        <button
          type="submit"
          class="button"
          data-testid="model-folder-use"
          disabled={stores.embeddings.busy() || dir().trim() === ''}
        >
          {t('embed.model.folder.use')}
        </button>
      </form>
    </details>
  );
}
