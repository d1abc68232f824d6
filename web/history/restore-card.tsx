import { createSignal, Show } from 'solid-js';
import type { Proposal } from '../../common/proposal-schemas.ts';
import { describeError } from '../i18n/describe-error.ts';
import { confirmProposal, rejectProposal } from '../lib/proposals-api.ts';
import { useStores } from '../state/use-stores.ts';
import { DiffView } from '../ui/diff-view.tsx';

/**
 * A restore (or remove) proposal from the history, shown where it was asked for: the
 * diff from the file now, then approve or reject. Approving is the ordinary confirm.
 */
export function RestoreCard(props: { proposal: Proposal; onDone: (written: boolean) => void }) {
  const t = useStores().i18n.t;
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<unknown>(null);
  const p = () => props.proposal;
  const needsOverwrite = () => p().mode === 'overwrite' || p().mode === 'remove';
  const approve = async () => {
    setBusy(true);
    try {
      await confirmProposal(p(), needsOverwrite());
      props.onDone(true);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const reject = () => {
    void rejectProposal(p().id).catch(() => {});
    props.onDone(false);
  };
  const diff = () =>
    p().preview.type === 'diff' ? (p().preview as { unified: string }).unified : '';
  return (
    <div class="proposal proposal-pending" data-testid="restore-card" data-kind={p().kind}>
      <h3 class="proposal-title">
        {t(`proposal.${p().kind === 'remove' ? 'remove' : 'restore'}.title`, { path: p().path })}
      </h3>
      <Show
        when={p().preview.type === 'diff'}
        fallback={<p class="muted">{t('history.recreate')}</p>}
      >
        <p class="muted">{t('proposal.diffIntro')}</p>
        <DiffView unified={diff()} path={p().path} />
      </Show>
      <Show when={error()}>
        {(e) => <p class="notice notice-error">{describeError(e(), t)}</p>}
      </Show>
      <div class="proposal-actions">
        <button
          type="button"
          class="button button-danger"
          data-testid="restore-approve"
          disabled={busy()}
          onClick={() => void approve()}
        >
          {t(p().kind === 'remove' ? 'history.approveRemove' : 'history.approveRestore')}
        </button>
        <button type="button" class="button button-quiet" disabled={busy()} onClick={reject}>
          {t('proposal.reject')}
        </button>
      </div>
    </div>
  );
}
