import { onCleanup, onMount, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import { ConsentDialog } from './consent-dialog.tsx';
import { EmbedBudget } from './embed-budget.tsx';
import { EmbedControls } from './embed-controls.tsx';
import { EmbedFacts } from './embed-facts.tsx';
import './embeddings.css';
import { HARNESS_SNIPPET } from './harness-snippet.ts';
import { ModelSetup } from './model-setup.tsx';

/**
 * `#/semantica`: the long-term layer as the user sees and controls it. While open, the
 * status is read every few seconds (progress moves as notes are embedded).
 */
export default function EmbeddingsPanel() {
  const stores = useStores();
  const t = stores.i18n.t;
  onMount(() => {
    const unwatch = stores.embeddings.watch();
    onCleanup(unwatch);
  });
  const status = () => stores.embeddings.status();
  const harnessFile = () => stores.vault.state.status?.harness.file ?? 'harness/soma.json';
  return (
    <div class="embeddings-panel" data-testid="embeddings-panel">
      <h1>{t('embed.title')}</h1>
      <p class="muted">{t('embed.intro')}</p>
      <Show when={status()} fallback={<p class="muted">{t('app.loading')}</p>}>
        {(s) => (
          <Show
            when={s().configured}
            fallback={
              <Show
                when={s().semanticModel}
                fallback={
                  <section data-testid="embed-off">
                    <p>{t('embed.off.explain', { file: harnessFile() })}</p>
                    <pre class="embed-snippet">
                      <code>{HARNESS_SNIPPET}</code>
                    </pre>
                    <p class="muted">{t('embed.off.readme')}</p>
                  </section>
                }
              >
                {(model) => <ModelSetup status={s()} model={model()} />}
              </Show>
            }
          >
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
  );
}
