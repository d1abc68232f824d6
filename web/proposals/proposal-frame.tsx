import { type JSX, Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { keyChoice, keyDecision } from './card-keys.ts';
import { CardStatus } from './card-status.tsx';
import { canProposeAgain, isPending, PROPOSE_FAILED } from './proposal-state.ts';
import { ProposeAgainButton } from './propose-again-button.tsx';
import { revealInvisible } from './reveal-invisible.ts';

/**
 * The frame every proposal card shares: its kind and state as data attributes, the
 * S/N keys while it is pending and focused (on every kind of card), its status, and
 * "propose again".
 */
export function ProposalFrame(props: {
  record: ProposalRecord;
  title: JSX.Element;
  children: JSX.Element;
  /** Replaces the default S/N handling (a synapse then moves the focus to the next one). */
  onKey?: (decision: 'yes' | 'no') => void;
  /** Approving is not possible right now, so S does nothing (as the disabled button). */
  blocked?: boolean;
  /** Replaces the default "propose again" (a closing re-proposes its edited text). */
  again?: () => void;
}) {
  const stores = useStores();
  const t = stores.i18n.t;
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed on a button or in a text box belong to them.
    if (event.target !== event.currentTarget || !isPending(props.record)) return;
    const decision = keyDecision(event);
    if (!decision) return;
    event.preventDefault();
    if (props.onKey) return props.onKey(decision);
    const overwrite = props.record.proposal.mode === 'overwrite';
    const choice = keyChoice(decision, { overwrite, blocked: props.blocked === true });
    if (choice) void stores.proposals.decide(props.record.id, choice);
  };
  const again = () =>
    props.again ? props.again() : void stores.proposals.proposeAgain(props.record.id);
  return (
    <section
      class="proposal"
      classList={{ 'proposal-pending': isPending(props.record) }}
      data-testid="proposal"
      data-kind={props.record.proposal.kind}
      data-state={props.record.state}
      data-id={props.record.id}
      tabIndex={isPending(props.record) ? 0 : undefined}
      aria-label={revealInvisible(props.record.proposal.path)}
      onKeyDown={onKeyDown}
    >
      <h3 class="proposal-title">{props.title}</h3>
      {props.children}
      <CardStatus record={props.record} />
      <Show when={canProposeAgain(props.record)}>
        <ProposeAgainButton recordId={props.record.id} onClick={again} />
      </Show>
      <Show when={props.record.state !== 'pending' && props.record.error?.code === PROPOSE_FAILED}>
        <p class="notice notice-error">
          {t('proposal.retryHint', { reason: props.record.error?.message ?? '' })}
        </p>
      </Show>
    </section>
  );
}
