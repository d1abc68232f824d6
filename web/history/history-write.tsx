import { createResource, createSignal, Show } from 'solid-js';
import type { HistoryListAnswer } from '../../common/history-schemas.ts';
import { describeError } from '../i18n/describe-error.ts';
import { getHistoryDiff } from '../lib/history-api.ts';
import { useStores } from '../state/use-stores.ts';
import { DiffView } from '../ui/diff-view.tsx';

type Write = HistoryListAnswer['writes'][number];

/**
 * One write of a note's history: when, what, from which device, whether it is still on
 * disk; its diff on demand; and the versions it can bring back (`onRestore` asks the
 * server for the proposal: the version it wrote, or the one before it).
 */
export function HistoryWrite(props: {
  path: string;
  write: Write;
  exists: boolean;
  onRestore: (version: string | null) => void;
}) {
  const stores = useStores();
  const t = stores.i18n.t;
  const w = () => props.write;
  const [open, setOpen] = createSignal(false);
  const [diff] = createResource(
    () => (open() ? w().id : null),
    (id) => getHistoryDiff(props.path, id),
  );
  const time = () =>
    new Date(w().time).toLocaleString(stores.i18n.locale(), {
      dateStyle: 'short',
      timeStyle: 'medium',
    });
  return (
    <li class="history-write" data-testid="history-write" data-state={w().state}>
      <p>
        <time datetime={w().time}>{time()}</time> · {t(`audit.kind.${w().kind}`)} ·{' '}
        {w().session.label} · <span class="muted">{t(`history.state.${w().state}`)}</span>
      </p>
      <div class="proposal-actions">
        <button type="button" class="button button-quiet" onClick={() => setOpen(!open())}>
          {t(open() ? 'history.hideDiff' : 'history.showDiff')}
        </button>
        <Show when={w().after !== null && !w().matchesCurrent}>
          <button
            type="button"
            class="button"
            data-testid="history-restore"
            onClick={() => props.onRestore(w().after)}
          >
            {t('history.restore')}
          </button>
        </Show>
        <Show when={w().before !== null || props.exists}>
          <button
            type="button"
            class="button"
            data-testid="history-restore-before"
            onClick={() => props.onRestore(w().before)}
          >
            {t(w().before === null ? 'history.remove' : 'history.restoreBefore')}
          </button>
        </Show>
      </div>
      <Show when={open()}>
        <Show when={diff.error}>
          {(e) => <p class="notice notice-error">{describeError(e(), t)}</p>}
        </Show>
        <Show when={diff()}>
          {(d) => (
            <>
              <p class="muted">{t('history.diffPrevious')}</p>
              <DiffView unified={d().previous} path={props.path} />
              <Show when={!w().matchesCurrent && w().after !== null}>
                <p class="muted">{t('history.diffCurrent')}</p>
                <DiffView unified={d().current} path={props.path} />
              </Show>
            </>
          )}
        </Show>
      </Show>
    </li>
  );
}
