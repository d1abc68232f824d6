import { createResource, onCleanup, Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { currentHash } from '../history/current-hashes.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * «Deshacer» on an approved card, offered only while the file still has what this write
 * put there: once it changed (edited elsewhere, or written again) the button gives way
 * to a reason, since undoing then would drop the newer text. The file is read again when
 * the vault stream says it changed and when the page comes back to the front.
 */
export function UndoButton(props: { record: ProposalRecord }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const path = () => props.record.written?.path ?? '';
  // The cards of one answer ask in the same tick: one request for all of them.
  const [current, { refetch }] = createResource(path, currentHash);
  const stopListening = stores.vault.onPathChanged((changed) => {
    if (changed === path()) void refetch();
  });
  const onFocus = () => void refetch();
  window.addEventListener('focus', onFocus);
  onCleanup(() => {
    stopListening();
    window.removeEventListener('focus', onFocus);
  });
  const unchanged = () => current.state === 'ready' && current() === props.record.undo?.after;
  return (
    <Show when={current.state === 'ready' || current.state === 'refreshing'}>
      <Show
        when={unchanged()}
        fallback={
          <span class="proposal-undo-gone" data-testid="proposal-undo-changed">
            {t('proposal.undoChanged')}
          </span>
        }
      >
        <button
          type="button"
          class="button button-quiet"
          data-testid="proposal-undo"
          onClick={() => void stores.proposals.undo(props.record.id)}
        >
          {t('proposal.undo')}
        </button>
      </Show>
    </Show>
  );
}
