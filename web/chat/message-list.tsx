import { createEffect, For, Match, onCleanup, Show, Switch } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import { AssistantMessage } from './assistant-message.tsx';
import type { ChatSlots } from './chat-slots.ts';
import { UserMessage } from './user-message.tsx';

/**
 * The conversation as a log. While an answer streams the log is `aria-busy`,
 * so screen readers announce the finished text once instead of every token.
 */
export function MessageList(props: Pick<ChatSlots, 'answerExtras'>) {
  const stores = useStores();
  const chat = stores.chat;
  let end: HTMLDivElement | undefined;
  let frame = 0;
  createEffect(() => {
    // Follow the newest text, as chat apps do: once per frame, with the frame's own
    // layout, rather than forcing one per token (or one on an empty log at start-up).
    const last = chat.state.turns.at(-1);
    if (!last) return;
    void last.content;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      end?.scrollIntoView({ block: 'end' });
    });
  });
  onCleanup(() => cancelAnimationFrame(frame));
  return (
    <div
      class="message-list"
      role="log"
      aria-live="polite"
      aria-busy={chat.state.streaming}
      aria-label={stores.i18n.t('chat.log')}
    >
      <Show when={chat.state.turns.length === 0}>
        <p class="muted chat-empty">{stores.i18n.t('chat.empty')}</p>
      </Show>
      {/* Proposals made before the first answer come first, as they were made. */}
      <props.answerExtras turnId="" />
      <For each={chat.state.turns}>
        {(turn) => (
          <Switch>
            <Match when={turn.role === 'user'}>
              <UserMessage turn={turn} />
            </Match>
            <Match when={turn.role === 'assistant'}>
              <AssistantMessage turn={turn} extras={props.answerExtras} />
            </Match>
          </Switch>
        )}
      </For>
      <div ref={end} />
    </div>
  );
}
