import { Match, Show, Switch } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { describeError } from '../i18n/describe-error.ts';
import { useStores } from '../state/use-stores.ts';
import { DiffView } from '../ui/diff-view.tsx';
import { UndoButton } from './undo-button.tsx';

/** Where a proposal stands, in words: pending, written where, rejected, expired, changed, failed. */
export function CardStatus(props: { record: ProposalRecord }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const r = () => props.record;
  return (
    <div class="proposal-status" data-testid="proposal-status" role="status">
      <Switch>
        <Match when={stores.proposals.isBusy(r().id)}>{t('proposal.state.busy')}</Match>
        <Match when={r().state === 'pending'}>
          {t('proposal.state.pending')}
          <Show when={r().error}>
            {(e) => (
              <p class="notice notice-error">
                {t('proposal.retryHint', { reason: describeError(e(), t) })}
              </p>
            )}
          </Show>
        </Match>
        <Match when={r().state === 'approved'}>
          <span class="proposal-ok">
            {t('proposal.state.approved', { path: r().written?.path ?? r().proposal.path })}
          </span>{' '}
          <Show when={r().undo && r().written}>
            <UndoButton record={r()} />
          </Show>
        </Match>
        <Match when={r().state === 'rejected'}>{t('proposal.state.rejected')}</Match>
        <Match when={r().state === 'expired'}>{t('proposal.state.expired')}</Match>
        <Match when={r().state === 'changed'}>
          <p class="notice notice-warning">{t('proposal.state.changed')}</p>
          <DiffView unified={r().changedDiff ?? ''} />
        </Match>
        <Match when={r().state === 'failed'}>
          <p class="notice notice-error">
            {t('proposal.state.failed', { reason: describeError(r().error, t) })}
          </p>
        </Match>
      </Switch>
    </div>
  );
}
