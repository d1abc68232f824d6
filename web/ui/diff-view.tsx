import { For, Show } from 'solid-js';
import { SYNAPSE_LOG_PATH } from '../../common/proposal-schemas.ts';
import { describeSynapseLog } from '../i18n/describe-synapse-log.ts';
import { useStores } from '../state/use-stores.ts';
import { diffLines } from './diff-lines.ts';

/**
 * A unified diff, one line per row, added and removed lines marked. Text only: no HTML.
 * `path` names the file: the synapse log's Spanish missing-note marker is shown worded.
 */
export function DiffView(props: { unified: string; path?: string }) {
  const t = useStores().i18n.t;
  const lines = () =>
    diffLines(
      props.path === SYNAPSE_LOG_PATH ? describeSynapseLog(props.unified, t) : props.unified,
    );
  return (
    <Show
      when={lines().some((l) => l.kind === 'add' || l.kind === 'del')}
      fallback={<p class="muted">{t('proposal.diffEmpty')}</p>}
    >
      <pre class="diff-view" data-testid="diff-view">
        <For each={lines()}>
          {(line) => (
            <span class={`diff-line diff-${line.kind}`} data-kind={line.kind}>
              {`${line.text}\n`}
            </span>
          )}
        </For>
      </pre>
    </Show>
  );
}
