import { Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import { lazyWithWords } from '../i18n/action-messages.ts';

/** Proposal cards load with the first proposal, not with the first page. */
const TurnProposals = lazyWithWords(() =>
  import('./turn-proposals.tsx').then((m) => m.TurnProposals),
);

/** Under an answer in the chat: its proposals, once it has any. */
export function AnswerProposals(props: { turnId: string }) {
  const stores = useStores();
  const has = () => stores.proposals.state.records.some((p) => p.turnId === props.turnId);
  return (
    <Show when={has()}>
      <TurnProposals turnId={props.turnId} />
    </Show>
  );
}
