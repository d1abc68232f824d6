import { useStores } from '../state/use-stores.ts';

/** "Proponer de nuevo": asks the server for a fresh proposal in place of this one. */
export function ProposeAgainButton(props: { recordId: string; onClick: () => void }) {
  const stores = useStores();
  return (
    <button
      type="button"
      class="button"
      data-testid="proposal-again"
      disabled={stores.proposals.isBusy(props.recordId)}
      onClick={() => props.onClick()}
    >
      {stores.i18n.t('proposal.proposeAgain')}
    </button>
  );
}
