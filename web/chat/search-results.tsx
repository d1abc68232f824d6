import { createSignal, For, Match, Switch } from 'solid-js';
import { noteHash } from '../router/route.ts';
import { HighlightedSnippet } from '../search/ui/highlighted-snippet.tsx';
import { useStores } from '../state/use-stores.ts';
import type { Panel } from './chat-state.ts';
import { ClosePanelButton } from './close-panel-button.tsx';
import { openedFromBuscar } from './era-esta-entries.ts';
import { keptPaths } from './search-selection.ts';

/**
 * /buscar's hits, each with a checkbox (the top three ticked at first); the
 * kept ones become one chip. The attach button stays in view at the bottom.
 * A hit's title opens the note, which then asks «¿Era esta?» for the query.
 */
export function SearchResults(props: { panel: Extract<Panel, { kind: 'search' }> }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const [choices, setChoices] = createSignal<ReadonlyMap<string, boolean>>(new Map());
  const kept = () => keptPaths(props.panel.hits, choices());
  const isKept = (path: string) => kept().includes(path);
  const toggle = (path: string, on: boolean) => setChoices((c) => new Map(c).set(path, on));
  const attach = () => {
    stores.chat.addChips([{ kind: 'search', query: props.panel.query, paths: kept() }]);
    stores.chat.closePanel();
  };
  return (
    <section
      class="command-panel search-results"
      data-testid="search-results"
      aria-label={t('search.title', { query: props.panel.query })}
    >
      <div class="panel-head">
        <h2>{t('search.title', { query: props.panel.query })}</h2>
        <ClosePanelButton />
      </div>
      <Switch>
        <Match when={props.panel.status === 'loading'}>
          <p class="muted" role="status">
            {t('search.loading')}
          </p>
        </Match>
        <Match when={props.panel.status === 'error'}>
          <p class="notice notice-error">{t('search.failed')}</p>
        </Match>
        <Match when={props.panel.hits.length === 0}>
          <p role="status">{t('search.none')}</p>
        </Match>
        <Match when={props.panel.hits.length > 0}>
          <ul class="hit-list">
            <For each={props.panel.hits}>
              {(hit) => (
                <li class="hit">
                  <label>
                    <input
                      type="checkbox"
                      checked={isKept(hit.path)}
                      onChange={(e) => toggle(hit.path, e.currentTarget.checked)}
                    />
                    {/* A link in a label opens the note without ticking the box. */}
                    <a
                      class="hit-title"
                      href={noteHash(hit.path)}
                      onClick={() => openedFromBuscar(props.panel.query, hit.path)}
                    >
                      {hit.title}
                    </a>{' '}
                    <span class="muted hit-path">{hit.path}</span>
                  </label>
                  <HighlightedSnippet text={hit.snippet} marks={hit.marks} />
                </li>
              )}
            </For>
          </ul>
          <div class="panel-sticky-actions">
            <button type="button" class="button" disabled={kept().length === 0} onClick={attach}>
              {t('search.attach', { count: kept().length })}
            </button>
          </div>
        </Match>
      </Switch>
    </section>
  );
}
