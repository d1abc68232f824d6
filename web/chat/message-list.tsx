import { createEffect, createSignal, For, Match, onCleanup, Show, Switch } from 'solid-js';
import type { TurnRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { lazyView } from '../ui/lazy-view.tsx';
import type { ChatSlots } from './chat-slots.ts';
import { UserMessage } from './user-message.tsx';

/** Whether the answers' view (below) has loaded: the log follows its newest text once it shows. */
const [answersLoaded, setAnswersLoaded] = createSignal(false);
/** An answer, its details and what it was sent with: loaded with the first answer shown, not with the page. */
const AssistantMessage = lazyView(() =>
  import('./assistant-message.tsx').then((m) => {
    setAnswersLoaded(true);
    return m.AssistantMessage;
  }),
);

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
    void answersLoaded();
    void stores.conversationSync.watching(chat.state.conversation?.id)?.text;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      end?.scrollIntoView({ block: 'end' });
    });
  });
  onCleanup(() => cancelAnimationFrame(frame));
  /**
   * The answer another device is being given to this conversation's last question, shown
   * as it arrives until the finished turn comes with a sync (not on the device asking).
   */
  const watched = (): TurnRecord | null => {
    const c = chat.state.conversation;
    const answer = stores.conversationSync.watching(c?.id);
    const last = chat.state.turns.at(-1);
    if (!c || !answer || last?.id !== answer.question || last.role !== 'user') return null;
    return {
      id: `watching-${answer.question}`,
      conversationId: c.id,
      index: last.index + 1,
      role: 'assistant',
      content: answer.text,
      status: 'streaming',
      createdAt: last.createdAt,
    };
  };
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
      <Show when={watched()}>
        {(turn) => <AssistantMessage turn={turn()} extras={props.answerExtras} />}
      </Show>
      <div ref={end} />
    </div>
  );
}
