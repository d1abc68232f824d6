import { onMount, Show } from 'solid-js';
import { embedPart } from '../i18n/embed-es.ts';
import { EMBEDDINGS_HASH } from '../router/route.ts';
import { useStores } from '../state/use-stores.ts';
import { chipText } from './chip-text.ts';
import './embeddings.css';

/**
 * One line where the user searches: how much of the vault semantic search covers, or that
 * search is by words only (and why). Links to the panel. Shown once its words are here.
 */
export function EmbeddingsChip() {
  const stores = useStores();
  const t = stores.i18n.t;
  const worded = stores.i18n.usePart(embedPart);
  onMount(() => {
    if (!stores.embeddings.status()) void stores.embeddings.refresh();
  });
  const number = (n: number) => n.toLocaleString(stores.i18n.locale());
  const text = () => (worded() ? chipText(stores.embeddings.status(), t, number) : '');
  return (
    <Show when={text()}>
      <a class="embed-chip" href={EMBEDDINGS_HASH} data-testid="embed-chip">
        {text()}
      </a>
    </Show>
  );
}
