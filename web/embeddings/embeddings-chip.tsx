import { onMount, Show } from 'solid-js';
import { EMBEDDINGS_HASH } from '../app/route.ts';
import { useStores } from '../app/store-context.tsx';
import './embeddings.css';

/**
 * One line where the user searches: how much of the vault semantic search covers, or that
 * search is by words only (and why). Links to the panel.
 */
export function EmbeddingsChip() {
  const stores = useStores();
  const t = stores.i18n.t;
  onMount(() => {
    if (!stores.embeddings.status()) void stores.embeddings.refresh();
  });
  const number = (n: number) => n.toLocaleString(stores.i18n.locale());
  const text = () => {
    const s = stores.embeddings.status();
    if (!s) return '';
    if (!s.configured) return t('embed.chip.lexical');
    if (!s.enabled) return t('embed.chip.paused');
    if (s.consent === 'needed' && s.progress.chunks === 0) return t('embed.chip.consent');
    return t('embed.chip.semantic', {
      done: number(s.progress.notesDone),
      total: number(s.progress.notesTotal),
    });
  };
  return (
    <Show when={text()}>
      <a class="embed-chip" href={EMBEDDINGS_HASH} data-testid="embed-chip">
        {text()}
      </a>
    </Show>
  );
}
