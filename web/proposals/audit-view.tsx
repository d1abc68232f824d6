import { createResource, createSignal, For, lazy, Match, Show, Switch } from 'solid-js';
import { AUDIT_LOG_PATH } from '../../common/proposal-schemas.ts';
import { HistoryUsage } from '../history/history-usage.tsx';
import { describeError } from '../i18n/describe-error.ts';
import { getAudit } from '../lib/proposals-api.ts';
import { useStores } from '../state/use-stores.ts';
import './proposals.css';

/** A note's write history, loaded once a path is chosen. */
const NoteHistory = lazy(() =>
  import('../history/note-history.tsx').then((m) => ({ default: m.NoteHistory })),
);

/** How many hex digits of a hash identify a write at a glance? */
const HASH_PREFIX = 12;

/** The audit log: every write SOMA made, newest first (as the server lists them). */
export function AuditView() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [audit] = createResource(getAudit);
  /** The path whose history shows under the table. */
  const [chosen, setChosen] = createSignal<string | null>(null);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(stores.i18n.locale(), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section class="audit-view" data-testid="audit-view">
      <a class="back-to-chat" href="#/">
        {t('chat.back')}
      </a>
      <h1>{t('audit.title')}</h1>
      <p class="muted">{t('audit.explain', { path: AUDIT_LOG_PATH })}</p>
      <HistoryUsage />
      <Switch>
        <Match when={audit.error}>
          {(error) => (
            <p class="notice notice-error">{`${t('audit.failed')} ${describeError(error(), t)}`}</p>
          )}
        </Match>
        <Match when={audit.loading}>
          <p class="muted" role="status">
            {t('audit.loading')}
          </p>
        </Match>
        <Match when={audit()}>
          {(answer) => (
            <>
              <Show when={answer().broken > 0}>
                <p class="notice notice-warning">{t('audit.broken', { count: answer().broken })}</p>
              </Show>
              <Show when={answer().entries.length > 0} fallback={<p>{t('audit.empty')}</p>}>
                <div class="table-scroll">
                  <table class="audit-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('audit.time')}</th>
                        <th scope="col">{t('audit.kind')}</th>
                        <th scope="col">{t('audit.path')}</th>
                        <th scope="col">{t('audit.hash')}</th>
                        <th scope="col">{t('audit.device')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      <For each={answer().entries}>
                        {(entry) => (
                          <tr data-testid="audit-entry" data-kind={entry.kind}>
                            <td data-label={t('audit.time')}>
                              <time datetime={entry.time}>{time(entry.time)}</time>
                            </td>
                            <td data-label={t('audit.kind')}>{t(`audit.kind.${entry.kind}`)}</td>
                            <td class="audit-path" data-label={t('audit.path')}>
                              <button
                                type="button"
                                class="button button-quiet"
                                data-testid="audit-history"
                                aria-pressed={chosen() === entry.path}
                                title={t('history.open')}
                                onClick={() => setChosen(entry.path)}
                              >
                                {entry.path}
                              </button>
                            </td>
                            <td data-label={t('audit.hash')}>
                              <code title={entry.hash}>{entry.hash.slice(0, HASH_PREFIX)}</code>
                            </td>
                            <td data-label={t('audit.device')}>{entry.session.label}</td>
                          </tr>
                        )}
                      </For>
                    </tbody>
                  </table>
                </div>
              </Show>
              <Show when={chosen()}>
                {(path) => (
                  <>
                    <h2>{t('history.titleFor', { path: path() })}</h2>
                    <NoteHistory path={path()} />
                  </>
                )}
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}
