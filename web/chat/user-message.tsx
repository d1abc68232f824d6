import { For, Show } from 'solid-js';
import type { TurnRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';

/** A message the user sent, with what it attached. */
export function UserMessage(props: { turn: TurnRecord }) {
  const t = useStores().i18n.t;
  return (
    <article class="message message-user" data-testid="message-user" aria-label={t('chat.you')}>
      <Show when={props.turn.content !== ''}>
        <p class="message-text">{props.turn.content}</p>
      </Show>
      <Show when={(props.turn.attached ?? []).length > 0}>
        <ul class="attached-list" aria-label={t('chat.attached')}>
          <For each={props.turn.attached}>{(label) => <li class="tag">{label}</li>}</For>
        </ul>
      </Show>
    </article>
  );
}
