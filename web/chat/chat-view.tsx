import { lazy, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { createLater } from '../ui/create-later.ts';
import { lazyView } from '../ui/lazy-view.tsx';
import { ChatHeader } from './chat-header.tsx';
import type { ChatSlots } from './chat-slots.ts';
// Not lazy: it says a message could not be sent, which happens when the server is gone.
import { CommandPanel } from './command-panel.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { NoProvider, useNoProvider } from './no-provider.tsx';
import { NoteListSetting } from './note-list-setting.tsx';

/** The chips: loaded when there are some to show, not with the page. */
const ChipsBar = lazyView(() => import('./chips-bar.tsx').then((m) => m.ChipsBar));
const ConfirmReset = lazy(() =>
  import('./confirm-reset.tsx').then((m) => ({ default: m.ConfirmReset })),
);

/** `#/`: the conversation, with the composer kept at the bottom of the screen. */
export function ChatView(props: { slots: ChatSlots }) {
  const chat = useStores().chat;
  const noProvider = useNoProvider();
  // The log and the composer first; the panels around them a task later (no long task at boot).
  const later = createLater();
  return (
    <section class="chat-view" data-testid="chat-view">
      <ChatHeader />
      <Show when={later() && noProvider()}>
        <NoProvider />
      </Show>
      <MessageList answerExtras={props.slots.answerExtras} />
      <div class="chat-bottom">
        <Show when={later()}>
          <Show when={chat.state.panel.kind !== 'none'}>
            <CommandPanel />
          </Show>
          <NoteListSetting />
          <Show when={chat.state.chips.length > 0 || chat.state.conversation?.project}>
            <ChipsBar externalChip={props.slots.externalChip} />
          </Show>
        </Show>
        <Composer />
      </div>
      <Show when={chat.state.confirmingReset}>
        <ConfirmReset />
      </Show>
    </section>
  );
}
