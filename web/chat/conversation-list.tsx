import { For } from 'solid-js';
import { useStores } from '../app/store-context.tsx';

/** Past conversations, newest first; picking one reopens it. */
export function ConversationList() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  let details: HTMLDetailsElement | undefined;
  const date = (ms: number) =>
    new Date(ms).toLocaleString(stores.i18n.locale(), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <details class="conversation-list" ref={details} data-testid="conversation-list">
      <summary class="button button-quiet">{t('chat.history')}</summary>
      <ul>
        <For each={chat.state.conversations}>
          {(c) => (
            <li>
              <button
                type="button"
                class="conversation-item"
                aria-current={c.id === chat.state.conversation?.id ? 'true' : undefined}
                disabled={chat.state.streaming}
                onClick={() => {
                  if (details) details.open = false;
                  void chat.openConversation(c.id);
                }}
              >
                <span>{c.title || t('chat.untitled')}</span>
                <span class="muted">{date(c.updatedAt)}</span>
              </button>
            </li>
          )}
        </For>
      </ul>
    </details>
  );
}
