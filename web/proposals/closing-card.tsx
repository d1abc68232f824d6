import { createSignal, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import type { ProposalRecord } from '../db/records.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { PathText } from './path-text.tsx';
import { ProposalFrame } from './proposal-frame.tsx';
import { isPending } from './proposal-state.ts';
import { ProposeAgainButton } from './propose-again-button.tsx';

/** Edits in progress, by proposal id: a card redrawn after an error keeps what was typed. */
const edits = new Map<string, string>();

/** /cerrar: the closing in an editable box; an edit is proposed again before it can be approved. */
export function ClosingCard(props: { record: ProposalRecord }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const origin = () => (props.record.origin.route === 'closing' ? props.record.origin.body : null);
  const [text, setText] = createSignal(edits.get(props.record.id) ?? origin()?.content ?? '');
  const edited = () => text().trim() !== (origin()?.content ?? '').trim();
  const again = () => {
    const body = origin();
    if (!body || text().trim() === '') return;
    const next = { route: 'closing' as const, body: { ...body, content: text() } };
    void stores.proposals.proposeAgain(props.record.id, next);
  };
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
    >
      <label class="proposal-edit">
        <span>{t('proposal.closing.edit')}</span>
        <textarea
          class="proposal-textarea"
          data-testid="closing-text"
          rows={12}
          value={text()}
          readOnly={!open()}
          onInput={(e) => {
            setText(e.currentTarget.value);
            edits.set(props.record.id, e.currentTarget.value);
          }}
        />
      </label>
      <Show when={isPending(props.record) && edited()}>
        <p class="notice notice-warning">{t('proposal.closing.edited')}</p>
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
