import { createResource, createSignal, For, Show } from 'solid-js';
import type { Proposal } from '../../common/proposal-schemas.ts';
import { describeError } from '../i18n/describe-error.ts';
import { getNoteHistory, proposeRestore } from '../lib/history-api.ts';
import { useStores } from '../state/use-stores.ts';
import { HistoryWrite } from './history-write.tsx';
import { RestoreCard } from './restore-card.tsx';
import './history.css';

/**
 * SOMA's writes to one note, newest first, each with its diff and the versions it can
 * bring back. A restore is a proposal shown here and approved like any other.
 */
export function NoteHistory(props: { path: string }) {
  const t = useStores().i18n.t;
  const [list, { refetch }] = createResource(() => props.path, getNoteHistory);
  const [pending, setPending] = createSignal<Proposal | null>(null);
  const [notice, setNotice] = createSignal<string | null>(null);
  const restore = async (version: string | null) => {
    setNotice(null);
    try {
      setPending(await proposeRestore(props.path, version));
    } catch (e) {
      setNotice(describeError(e, t));
    }
  };
  const done = (written: boolean) => {
    setPending(null);
    if (written) setNotice(t('history.restored'));
    void refetch();
  };
  return (
    <section class="note-history" data-testid="note-history" aria-label={t('history.title')}>
      <Show when={notice()}>{(n) => <p role="status">{n()}</p>}</Show>
      <Show when={pending()}>{(p) => <RestoreCard proposal={p()} onDone={done} />}</Show>
      <Show when={list.error}>
        {(e) => <p class="notice notice-error">{describeError(e(), t)}</p>}
      </Show>
      <Show when={list()}>
        {(answer) => (
          <Show
            when={answer().writes.length > 0}
            fallback={<p class="muted">{t('history.empty')}</p>}
          >
            <ol class="history-writes">
              <For each={answer().writes}>
                {(write) => (
                  <HistoryWrite
                    path={answer().path}
                    write={write}
                    exists={answer().current !== null}
                    onRestore={(v) => void restore(v)}
                  />
                )}
              </For>
            </ol>
          </Show>
        )}
      </Show>
    </section>
  );
}
