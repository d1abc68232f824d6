import { createEffect, createSignal, For, on, Show } from 'solid-js';
import type { ConversationRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import {
  conversationMatches,
  createConversationTexts,
  searchConversations,
} from './conversation-search.ts';

/** Past conversations, newest first, searchable by title and text; picking one reopens it. */
export function ConversationList() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  let details: HTMLDetailsElement | undefined;
  // The rows exist only while the list is open: the first date formatter loads the
  // locale's data (a long task on a slow machine), which the page's start should not pay.
  const [open, setOpen] = createSignal(false);
  const [query, setQuery] = createSignal('');
  const [shown, setShown] = createSignal<ConversationRecord[]>([]);
  const textOf = createConversationTexts();
  // Searched in the browser over the turns in IndexedDB; the newest query wins.
  let asked = 0;
  createEffect(
    on([open, query, () => [...chat.state.conversations]], ([isOpen, q, list]) => {
      if (!isOpen) return;
      const mine = ++asked;
      const show = (found: ConversationRecord[]) => mine === asked && setShown(found);
      // If the turns cannot be read, the titles still answer.
      void searchConversations(list, q, textOf).then(show, () =>
        show(list.filter((c) => conversationMatches(c.title, '', q))),
      );
    }),
  );
  let formatter: { locale: string; format: Intl.DateTimeFormat } | undefined;
  const date = (ms: number) => {
    const locale = stores.i18n.locale();
    if (formatter?.locale !== locale) {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
      formatter = { locale, format };
    }
    return formatter.format.format(ms);
  };
  /** When this browser last matched the laptop's copy, and whether it can reach it now. */
  const syncLine = () => {
    const at = stores.conversationSync.syncedAt();
    if (at === null) return t('history.neverSynced');
    // A page that knows the server is down says so at once, not only after a sync fails.
    const away = stores.conversationSync.offline() || stores.connection.serverDown();
    return t(away ? 'history.offline' : 'history.synced', { time: date(at) });
  };
  const close = () => {
    if (details) details.open = false;
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
        <input
          type="search"
          class="conversation-search"
          data-testid="conversation-search"
          aria-label={t('history.search')}
          placeholder={t('history.search')}
          value={query()}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        <p class="muted" data-testid="conversation-sync">
          {syncLine()}
        </p>
        <Show when={shown().length === 0 && query().trim() !== ''}>
          <p class="muted">{t('history.none')}</p>
        </Show>
        <ul>
          <For each={shown()}>
            {(c) => (
              <li class="conversation-row">
                <button
                  type="button"
                  class="conversation-item"
                  aria-current={c.id === chat.state.conversation?.id ? 'true' : undefined}
                  disabled={chat.state.streaming}
                  onClick={() => {
                    close();
                    void chat.openConversation(c.id);
                  }}
                >
                  <span>{c.title || t('chat.untitled')}</span>
                  <span class="muted">{date(c.updatedAt)}</span>
                </button>
                <button
                  type="button"
                  class="button button-quiet"
                  data-testid="conversation-export"
                  aria-label={t('export.label', { title: c.title || t('chat.untitled') })}
                  disabled={chat.state.streaming}
                  onClick={() => {
                    close();
                    void chat.exportConversation(c.id);
                  }}
                >
                  {t('export.button')}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </details>
  );
}
