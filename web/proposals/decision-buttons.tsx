import { Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { isPending } from './proposal-state.ts';

/** Approve (or Overwrite, for an existing file) and Reject, while the proposal is pending. */
export function DecisionButtons(props: {
  record: ProposalRecord;
  yes?: string;
  no?: string;
  /** Approving is not possible right now (a closing edited but not proposed again). */
  blocked?: boolean;
  onDone?: () => void;
}) {
  const stores = useStores();
  const t = stores.i18n.t;
  /** Replacing or removing a file that exists needs the explicit, red approval. */
  const overwrite = () => ['overwrite', 'remove'].includes(props.record.proposal.mode);
  const choose = async (choice: 'approve' | 'overwrite' | 'reject') => {
    await stores.proposals.decide(props.record.id, choice);
    props.onDone?.();
  };
  return (
    <Show when={isPending(props.record)}>
      <div class="proposal-actions">
        <button
          type="button"
          class="button"
          classList={{ 'button-danger': overwrite() }}
          data-testid={overwrite() ? 'proposal-overwrite' : 'proposal-approve'}
          disabled={stores.proposals.isBusy(props.record.id) || props.blocked}
          onClick={() => void choose(overwrite() ? 'overwrite' : 'approve')}
        >
          {props.yes ?? t(overwrite() ? 'proposal.overwrite' : 'proposal.approve')}
        </button>
        <button
          type="button"
          class="button button-quiet"
          data-testid="proposal-reject"
          disabled={stores.proposals.isBusy(props.record.id)}
          onClick={() => void choose('reject')}
        >
          {props.no ?? t('proposal.reject')}
        </button>
      </div>
    </Show>
  );
}
