import { createSignal, For, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';

/** Past conversations, newest first; picking one reopens it. */
export function ConversationList() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  let details: HTMLDetailsElement | undefined;
  // The rows exist only while the list is open: the first date formatter loads the
  // locale's data (~60 ms on a slow machine), which the page's start should not pay.
  const [open, setOpen] = createSignal(false);
  let formatter: { locale: string; format: Intl.DateTimeFormat } | undefined;
  const date = (ms: number) => {
    const locale = stores.i18n.locale();
    if (formatter?.locale !== locale) {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
      formatter = { locale, format };
    }
    return formatter.format.format(ms);
  };
  return (
    <details
      class="conversation-list"
      ref={details}
      data-testid="conversation-list"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary class="button button-quiet">{t('chat.history')}</summary>
      <Show when={open()}>
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
      </Show>
    </details>
  );
}
