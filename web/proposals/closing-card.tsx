import { createEffect, createSignal, on, onCleanup, onMount, Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { CLOSING_REPROPOSE_DEBOUNCE_MS } from '../lib/timing.ts';
import { useStores } from '../state/use-stores.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { PathText } from './path-text.tsx';
import { ProposalFrame } from './proposal-frame.tsx';
import { isPending } from './proposal-state.ts';
import { ProposeAgainButton } from './propose-again-button.tsx';

/**
 * Edits in progress, by turn: the fresh proposal that replaces an edited one (a new card)
 * keeps what was typed, even keystrokes made while it was being proposed.
 */
const edits = new Map<string, string>();
/** The turn whose closing box had the focus when it was proposed again, and where the caret was. */
let handoff: { key: string; start: number; end: number } | null = null;

/**
 * /cerrar: the closing in an editable box. An edit is proposed again by itself once the
 * typing pauses, so «Aprobar» approves the text as edited; meanwhile it waits.
 */
export function ClosingCard(props: { record: ProposalRecord }) {
  const stores = useStores();
  const t = stores.i18n.t;
  let box: HTMLTextAreaElement | undefined;
  // A fresh proposal is a new record of the same turn; a closing without a turn keys by itself.
  const key = () => props.record.turnId ?? props.record.id;
  const origin = () => (props.record.origin.route === 'closing' ? props.record.origin.body : null);
  const [text, setText] = createSignal(edits.get(key()) ?? origin()?.content ?? '');
  const edited = () => text().trim() !== (origin()?.content ?? '').trim();
  const again = () => {
    const body = origin();
    if (!body || text().trim() === '') return;
    if (box && document.activeElement === box) {
      handoff = { key: key(), start: box.selectionStart, end: box.selectionEnd };
    }
    const next = { route: 'closing' as const, body: { ...body, content: text() } };
    void stores.proposals.proposeAgain(props.record.id, next);
  };
  createEffect(
    on([text, () => isPending(props.record)], ([, pending]) => {
      if (!pending || !edited()) return;
      const timer = setTimeout(again, CLOSING_REPROPOSE_DEBOUNCE_MS);
      onCleanup(() => clearTimeout(timer));
    }),
  );
  onMount(() => {
    if (!box || handoff?.key !== key()) return;
    const { start, end } = handoff;
    handoff = null;
    box.focus();
    box.setSelectionRange(start, end);
  });
  const open = () => isPending(props.record) || props.record.state === 'expired';
  return (
    <ProposalFrame
      record={props.record}
      title={
        <PathText
          value={props.record.proposal.path}
          fill={(v) => t('proposal.closing.title', { path: v })}
        />
      }
      again={again}
      blocked={edited()}
    >
      <label class="proposal-edit">
        <span>{t('proposal.closing.edit')}</span>
        <textarea
          ref={box}
          class="proposal-textarea"
          data-testid="closing-text"
          rows={12}
          value={text()}
          readOnly={!open()}
          onInput={(e) => {
            setText(e.currentTarget.value);
            edits.set(key(), e.currentTarget.value);
          }}
        />
      </label>
      <Show when={isPending(props.record) && edited()}>
        <p class="notice notice-warning" data-testid="closing-edited">
          {t('proposal.closing.edited')}
        </p>
        <ProposeAgainButton recordId={props.record.id} onClick={again} />
      </Show>
      <details class="proposal-exact">
        <summary>{t('proposal.closing.exact')}</summary>
        <pre class="proposal-content" data-testid="proposal-content">
          {props.record.proposal.content}
        </pre>
      </details>
      <DecisionButtons record={props.record} blocked={edited()} />
    </ProposalFrame>
  );
}
