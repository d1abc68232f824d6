import { Show } from 'solid-js';
import type { EmbedStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { HARNESS_SNIPPET } from './harness-snippet.ts';
import { ModelSetup } from './model-setup.tsx';

/**
 * The layer is off: the model the harness offers, one click away, and below it the other
 * way in (an `embeddings` section naming Ollama or another service, then a restart).
 */
export function EmbedOff(props: { status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const harnessFile = () => stores.vault.state.status?.harness.file ?? 'harness/soma.json';
  return (
    <>
      <Show when={props.status.semanticModel}>
        {(model) => <ModelSetup status={props.status} model={model()} />}
      </Show>
      <section data-testid="embed-off">
        <Show when={props.status.semanticModel}>
          <h2>{t('embed.off.other')}</h2>
        </Show>
        <p>{t('embed.off.explain', { file: harnessFile() })}</p>
        <pre class="embed-snippet">
          <code>{HARNESS_SNIPPET}</code>
        </pre>
        <p class="muted">{t('embed.off.readme')}</p>
      </section>
    </>
  );
}
