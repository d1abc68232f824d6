import { For, type JSX, Match, Show, Switch } from 'solid-js';
import { EmbeddingsChip } from '../../embeddings/embeddings-chip.tsx';
import { useStores } from '../../state/use-stores.ts';
import type { LexicalReason, SemanticState } from '../engine/search-types.ts';
import { SearchFilters } from './search-filters.tsx';
import { SearchHitItem } from './search-hit-item.tsx';
import { SearchQualityPanel } from './search-quality-panel.tsx';
import { createSearchQuery } from './search-query.ts';
import './search.css';

/** Why the answer is words only, when the embeddings layer is set up but cannot help. */
const lexicalReason = (semantic: SemanticState): LexicalReason | null =>
  semantic.mode === 'lexical' ? semantic.reason : null;

/** `#/buscar`: results as you type, with folder and tag filters. */
export function SearchView(props: {
  query: string;
  folder: string;
  tag: string;
  /** What the shell adds under the results (the model's help): search imports no feature above it. */
  below?: JSX.Element;
}) {
  const stores = useStores();
  const t = stores.i18n.t;
  const state = createSearchQuery(() => ({
    query: props.query,
    folder: props.folder,
    tag: props.tag,
    version: stores.search.version(),
  }));
  const ready = () => {
    const s = state();
    return s.status === 'ready' ? s : null;
  };
  return (
    <section class="search-view" data-testid="search-view" aria-labelledby="search-heading">
      <h1 id="search-heading">{t('search.heading')}</h1>
      <EmbeddingsChip />
      <SearchFilters query={props.query} folder={props.folder} tag={props.tag} />
      <Switch>
        <Match when={state().status === 'idle'}>
          <p class="muted">{t('search.hint')}</p>
          <SearchQualityPanel />
        </Match>
        <Match when={state().status === 'searching'}>
          <p class="muted" role="status">
            {t('search.loading')}
          </p>
        </Match>
        <Match when={state().status === 'error'}>
          <p class="notice notice-error">{t('search.failed')}</p>
        </Match>
        <Match when={ready()}>
          {(r) => (
            <>
              <p
                class="muted"
                role="status"
                data-testid="search-summary"
                data-query={r().query}
                data-ms={r().ms.toFixed(2)}
                data-semantic={r().semantic.mode}
              >
                {t(r().hits.length === 1 ? 'search.countOne' : 'search.count', {
                  count: r().hits.length,
                  ms: Math.round(r().ms),
                })}
              </p>
              <Show when={lexicalReason(r().semantic)}>
                {(reason) => (
                  <p class="muted" data-testid="search-lexical" data-reason={reason()}>
                    {t(`search.lexical.${reason()}`)}
                  </p>
                )}
              </Show>
              <ul class="hit-list">
                <For each={r().hits}>{(hit) => <SearchHitItem hit={hit} query={r().query} />}</For>
              </ul>
            </>
          )}
        </Match>
      </Switch>
      {props.below}
    </section>
  );
}
