import { onCleanup, onMount, Show } from 'solid-js';
import { embedPart } from '../i18n/embed-es.ts';
import { useStores } from '../state/use-stores.ts';
import { ConsentDialog } from './consent-dialog.tsx';
import { EmbedBudget } from './embed-budget.tsx';
import { EmbedControls } from './embed-controls.tsx';
import { EmbedFacts } from './embed-facts.tsx';
import { EmbedOff } from './embed-off.tsx';
import './embeddings.css';

/**
 * `#/semantica`: the long-term layer as the user sees and controls it. While open, the
 * status is read every few seconds (progress moves as notes are embedded).
 */
export default function EmbeddingsPanel() {
  const stores = useStores();
  const t = stores.i18n.t;
  const worded = stores.i18n.usePart(embedPart);
  onMount(() => {
    const unwatch = stores.embeddings.watch();
    onCleanup(unwatch);
  });
  const status = () => stores.embeddings.status();
  // The panel's words load with it: drawn once they are here.
  return (
    <Show when={worded()}>
      <div class="embeddings-panel" data-testid="embeddings-panel">
        <h1>{t('embed.title')}</h1>
        <p class="muted">{t('embed.intro')}</p>
        <Show when={status()} fallback={<p class="muted">{t('app.loading')}</p>}>
          {(s) => (
            <Show when={s().configured} fallback={<EmbedOff status={s()} />}>
              <EmbedFacts status={s()} />
              <EmbedControls status={s()} />
              <Show when={s().kind === 'onnx'}>
                <EmbedBudget status={s()} />
              </Show>
            </Show>
          )}
        </Show>
        <Show when={stores.embeddings.consentAsk()}>{(ask) => <ConsentDialog ask={ask()} />}</Show>
      </div>
    </Show>
  );
}
