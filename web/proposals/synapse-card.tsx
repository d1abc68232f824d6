import { Show } from 'solid-js';
import type { ProposalRecord } from '../db/records.ts';
import { describeSynapseLog } from '../i18n/describe-synapse-log.ts';
import { useStores } from '../state/use-stores.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { PathText } from './path-text.tsx';
import { ProposalFrame } from './proposal-frame.tsx';
import { isPending } from './proposal-state.ts';

/** `¿Aprobar sinapsis [[nota]]? [S/n]`: the link, where it leads (or that it leads nowhere), the exact line. */
export function SynapseCard(props: { record: ProposalRecord; onDone: () => void }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const link = () => props.record.proposal.link;
  const missing = () => link()?.resolved === null;
  const onKey = async (d: 'yes' | 'no') => {
    await stores.proposals.decide(props.record.id, d === 'yes' ? 'approve' : 'reject');
    props.onDone();
  };
  const title = (
    <>
      <PathText
        value={link()?.raw ?? ''}
        {...(isPending(props.record)
          ? { fill: (v) => t('proposal.synapse.ask', { link: v }) }
          : {})}
      />{' '}
      <Show when={missing()}>
        <span class="synapse-missing" data-testid="synapse-missing">
          {t('proposal.synapse.missing')}
        </span>
      </Show>
    </>
  );
  return (
    <ProposalFrame record={props.record} title={title} onKey={(d) => void onKey(d)}>
      <Show
        when={missing()}
        fallback={
          <p class="muted">
            <PathText
              value={link()?.resolved ?? ''}
              fill={(v) => t('proposal.synapse.resolved', { path: v })}
            />
          </p>
        }
      >
        <p class="proposal-missing-hint">{t('proposal.synapse.missingHint')}</p>
      </Show>
      <p class="proposal-path" data-testid="proposal-path">
        <PathText
          value={props.record.proposal.path}
          fill={(v) => t('proposal.appendTo', { path: v })}
        />
      </p>
      <pre class="proposal-content proposal-line">
        {describeSynapseLog(props.record.proposal.content, t)}
      </pre>
      <DecisionButtons
        record={props.record}
        yes={t('proposal.yes')}
        no={t('proposal.no')}
        onDone={props.onDone}
      />
      <Show when={isPending(props.record)}>
        <p class="muted proposal-keys">{t('proposal.keysHint')}</p>
      </Show>
    </ProposalFrame>
  );
}
