import { For, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { diffLines } from './diff-lines.ts';

/** A unified diff, one line per row, added and removed lines marked. Text only: no HTML. */
export function DiffView(props: { unified: string }) {
  const t = useStores().i18n.t;
  const lines = () => diffLines(props.unified);
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
