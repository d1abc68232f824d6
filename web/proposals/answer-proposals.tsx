import { lazy, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** Proposal cards load with the first proposal, not with the first page. */
const TurnProposals = lazy(() =>
  import('./turn-proposals.tsx').then((m) => ({ default: m.TurnProposals })),
);

/** Under an answer in the chat: its proposals, once it has any. */
export function AnswerProposals(props: { turnId: string }) {
  const stores = useStores();
  // '' stands for no answer: the proposals made before the first one (a «Recuerda que…»).
  const has = () => stores.proposals.state.records.some((p) => (p.turnId ?? '') === props.turnId);
  return (
    <Show when={has()}>
      <TurnProposals turnId={props.turnId} />
    </Show>
  );
}
