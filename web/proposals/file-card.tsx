import { Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { DiffView } from '../ui/diff-view.tsx';
import { DecisionButtons } from './decision-buttons.tsx';
import { PathText } from './path-text.tsx';
import { ProposalFrame } from './proposal-frame.tsx';

/** /guardar and /registrar: the exact path, then the full new text or the diff against the file. */
export function FileCard(props: { record: ProposalRecord }) {
  const t = useStores().i18n.t;
  const p = () => props.record.proposal;
  /** Proposals that only add to a note: their approval adds, it does not overwrite. */
  const adds = () => ['connection', 'remember', 'append'].includes(p().kind);
  const titleKey = () => {
    const kind = p().kind;
    if (kind === 'save') return 'proposal.save.title';
    if (kind === 'connection') return 'proposal.connection.title';
    if (kind === 'remember') return 'proposal.remember.title';
    if (kind === 'append') return 'proposal.append.title';
    if (kind === 'restore') return 'proposal.restore.title';
    if (kind === 'remove') return 'proposal.remove.title';
    return p().mode === 'overwrite' ? 'proposal.overwrite.title' : 'proposal.write.title';
  };
  const full = () => {
    const v = p().preview;
    return v.type === 'full' ? v.text : null;
  };
  const diff = () => {
    const v = p().preview;
    return v.type === 'diff' ? v.unified : null;
  };
  return (
    <ProposalFrame
      record={props.record}
      title={<PathText value={p().path} fill={(v) => t(titleKey(), { path: v })} />}
    >
      <Show when={full() !== null}>
        <p class="muted">{t('proposal.fullIntro')}</p>
        <pre class="proposal-content" data-testid="proposal-content">
          {full()}
        </pre>
      </Show>
      <Show when={diff() !== null}>
        <p class="muted">{t('proposal.diffIntro')}</p>
        <DiffView unified={diff() ?? ''} />
      </Show>
      <DecisionButtons record={props.record} {...(adds() ? { yes: t('proposal.add') } : {})} />
    </ProposalFrame>
  );
}
