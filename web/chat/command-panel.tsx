import { lazy, Match, Switch } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import type { Panel } from './chat-state.ts';
import { ClosePanelButton } from './close-panel-button.tsx';

// Panels shown only after a command: loaded then, to keep the first page small.
const HelpTable = lazy(() => import('./help-table.tsx').then((m) => ({ default: m.HelpTable })));
const PasteBox = lazy(() => import('./paste-box.tsx').then((m) => ({ default: m.PasteBox })));
const SearchResults = lazy(() =>
  import('./search-results.tsx').then((m) => ({ default: m.SearchResults })),
);

type Of<K extends Panel['kind']> = Extract<Panel, { kind: K }>;
const as = <K extends Panel['kind']>(panel: Panel, kind: K) =>
  panel.kind === kind ? (panel as Of<K>) : null;

/** What a command answered: a message, a wait, the help table, search hits or the paste box. */
export function CommandPanel() {
  const stores = useStores();
  const t = stores.i18n.t;
  const panel = () => stores.chat.state.panel;
  return (
    <Switch>
      <Match when={as(panel(), 'notice')}>
        {(notice) => (
          <div
            class="notice command-notice"
            classList={{ 'notice-error': notice().tone === 'error' }}
            role={notice().tone === 'error' ? 'alert' : 'status'}
            data-testid={notice().tone === 'error' ? 'command-error' : 'command-info'}
          >
            <p>{t(notice().key, notice().params)}</p>
            <ClosePanelButton />
          </div>
        )}
      </Match>
      <Match when={as(panel(), 'loading')}>
        {(loading) => (
          <p
            class="notice command-notice"
            role="status"
            aria-busy="true"
            data-testid="command-loading"
          >
            {t(loading().key, loading().params)}
          </p>
        )}
      </Match>
      <Match when={as(panel(), 'help')}>{(help) => <HelpTable only={help().id} />}</Match>
      <Match when={as(panel(), 'search')}>{(search) => <SearchResults panel={search()} />}</Match>
      <Match when={as(panel(), 'paste')}>
        <PasteBox />
      </Match>
    </Switch>
  );
}
