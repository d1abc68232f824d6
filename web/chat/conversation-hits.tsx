import { createEffect, createSignal, For, on, Show } from 'solid-js';
import type { ConversationRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { createConversationTexts, searchConversations } from './conversation-search.ts';

/**
 * The search view's conversations, apart from the notes: those whose title or turns hold
 * every word of the query, searched in this browser's copy. Picking one opens it in the chat.
 */
export function ConversationHits(props: { query: string }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const [found, setFound] = createSignal<ConversationRecord[]>([]);
  const textOf = createConversationTexts();
  let asked = 0;
  createEffect(
    on([() => props.query, () => [...chat.state.conversations]], ([query, list]) => {
      const mine = ++asked;
      if (query.trim() === '') return setFound([]);
      void searchConversations(list, query, textOf).then(
        (hits) => mine === asked && setFound(hits),
        () => mine === asked && setFound([]),
      );
    }),
  );
  return (
    <Show when={found().length > 0}>
      <section class="conversation-hits" data-testid="conversation-hits">
        <h2>{t('search.conversations', { count: found().length })}</h2>
        <ul>
          <For each={found()}>
            {(c) => (
              <li>
                <button
                  type="button"
                  class="button button-quiet"
                  data-testid="conversation-hit"
                  onClick={() => {
                    void chat.openConversation(c.id).then(() => {
                      location.hash = '#/';
                    });
                  }}
                >
                  {c.title || t('chat.untitled')}
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
