import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  For,
  Match,
  on,
  Show,
  Switch,
  untrack,
} from 'solid-js';
import { noteHash } from '../router/route.ts';
import { HighlightedSnippet } from '../search/ui/highlighted-snippet.tsx';
import { useStores } from '../state/use-stores.ts';
import { RequestParts } from '../ui/request-parts.tsx';
import { describeHelpError } from './describe-help-error.ts';
import { takeModelHelpRequest } from './model-help-request.ts';
import { searchHelpStatus } from './search-help-api.ts';
import { type ModelSearch, searchWithAnswer, searchWithModel } from './search-with-model.ts';
import './search-help.css';

type HelpState =
  | { status: 'idle' }
  | { status: 'asking' }
  | { status: 'ready'; result: ModelSearch }
  /** Worded when shown, so a switch of language words it again. */
  | { status: 'error'; error: unknown };

/**
 * «Buscar con el modelo», under the ordinary results: only on a press, the query goes to
 * the chat provider, whose other queries run here; the fused hits say which query found
 * each, and the request is disclosed as a chat turn's is. A failure leaves the ordinary
 * results as they are. Hidden when the harness turns it off.
 */
export function ModelHelp(props: { query: string; folder: string; tag: string }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const [offered] = createResource(() =>
    searchHelpStatus()
      .then((s) => s.enabled)
      .catch(() => false),
  );
  const [state, setState] = createSignal<HelpState>({ status: 'idle' });
  let ticket = 0;
  // Another question or filter makes the model's answer stale: it goes, and a late one is dropped.
  // Followed by value (a memo of the three): the route set again with the same question (the
  // search box writing its hash back) must not drop an answer on its way.
  const asked = createMemo(() => [props.query, props.folder, props.tag].join('\u0000'));
  createEffect(
    on(
      asked,
      () => {
        ticket++;
        setState({ status: 'idle' });
      },
      { defer: true },
    ),
  );
  const ask = async () => {
    const mine = ++ticket;
    setState({ status: 'asking' });
    const version = stores.search.version();
    try {
      const result = await searchWithModel(props.query, { folder: props.folder, tag: props.tag });
      if (mine !== ticket) return;
      setState({ status: 'ready', result });
      // The index changed while the model answered or the queries ran.
      if (stores.search.version() !== version) void rerun();
    } catch (error) {
      if (mine === ticket) setState({ status: 'error', error });
    }
  };
  // The index changed (a sync, an edit): the model's queries run again over it, the model is
  // not asked again. Asked right after sign-in, the first answer may predate the first sync.
  // Each change starts a run; only the newest run's hits are shown (an older one read an
  // older index), and none once the model is asked anew.
  let reruns = 0;
  const rerun = async () => {
    const s = state();
    if (s.status !== 'ready') return;
    const mine = ticket;
    const run = ++reruns;
    const filters = { folder: props.folder, tag: props.tag };
    try {
      const result = await searchWithAnswer(props.query, s.result.answer, filters);
      if (mine === ticket && run === reruns) setState({ status: 'ready', result });
    } catch {
      // The answer on screen stays; the next change tries again.
    }
  };
  createEffect(
    on(
      () => stores.search.version(),
      () => void rerun(),
      { defer: true },
    ),
  );
  // `/buscar --modelo` asked before this view showed: asked once the offer is known (off: the
  // server's refusal is shown, so the command is never silently ignored).
  createEffect(() => {
    const known = offered() !== undefined;
    if (known && takeModelHelpRequest(props.query)) untrack(() => void ask());
  });
  const ready = () => {
    const s = state();
    return s.status === 'ready' ? s.result : null;
  };
  const failed = () => {
    const s = state();
    return s.status === 'error' ? describeHelpError(s.error, t) : null;
  };
  const queryName = (q: string) => (q === props.query ? t('searchHelp.original', { query: q }) : q);
  return (
    <Show when={(offered() || state().status !== 'idle') && props.query.trim() !== ''}>
      <section class="model-help" data-testid="search-help">
        <Show when={offered()}>
          <button
            type="button"
            class="button"
            data-testid="search-help-button"
            title={t('searchHelp.explain')}
            disabled={state().status === 'asking'}
            onClick={() => void ask()}
          >
            {t('searchHelp.button')}
          </button>{' '}
          <span class="muted">{t('searchHelp.explain')}</span>
        </Show>
        <Switch>
          <Match when={state().status === 'asking'}>
            <p class="muted" role="status">
              {t('searchHelp.asking')}
            </p>
          </Match>
          <Match when={failed()}>
            {(message) => (
              <div class="notice notice-error" role="alert" data-testid="search-help-error">
                <p>{message()}</p>
                <p>{t('searchHelp.failed')}</p>
              </div>
            )}
          </Match>
          <Match when={ready()}>
            {(r) => (
              <div data-testid="search-help-results">
                <h2>{t('searchHelp.heading')}</h2>
                <p
                  class="muted"
                  role="status"
                  data-testid="search-help-summary"
                  data-local-ms={r().localMs.toFixed(2)}
                >
                  {t('searchHelp.count', {
                    count: r().hits.length,
                    queries: r().answer.queries.length + 1,
                    ms: Math.round(r().localMs),
                  })}
                </p>
                <p data-testid="search-help-queries">
                  {t('searchHelp.queries', { list: r().answer.queries.join(' · ') })}
                </p>
                <details class="model-help-sent" data-testid="search-help-sent">
                  <summary>
                    {t('searchHelp.sent', {
                      provider: r().answer.sent.provider,
                      model: r().answer.sent.model,
                    })}
                  </summary>
                  <RequestParts
                    parts={r().answer.sent.parts}
                    contextTokens={r().answer.sent.contextTokens}
                  />
                </details>
                <ul class="hit-list">
                  <For each={r().hits}>
                    {(h) => (
                      <li class="hit" data-testid="search-help-hit" data-path={h.hit.path}>
                        <a href={noteHash(h.hit.path)}>{h.hit.title}</a>{' '}
                        <span class="muted hit-path">{h.hit.folder}</span>
                        <HighlightedSnippet text={h.hit.snippet} marks={h.hit.marks} />
                        <p class="muted model-help-found" data-testid="search-help-found-by">
                          {t('searchHelp.foundBy', { list: h.foundBy.map(queryName).join(', ') })}
                        </p>
                      </li>
                    )}
                  </For>
                </ul>
              </div>
            )}
          </Match>
        </Switch>
      </section>
    </Show>
  );
}
