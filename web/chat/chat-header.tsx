import { Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { ConversationList } from './conversation-list.tsx';

/** The conversation's title, its profile, and the ways to start or reopen one. */
export function ChatHeader() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const profileLabel = () => {
    const id = chat.state.conversation?.profile ?? '';
    return chat.state.context?.profiles.find((p) => p.id === id)?.label ?? id;
  };
  return (
    <header class="chat-header">
      <h1 class="chat-title">{chat.state.conversation?.title || t('chat.untitled')}</h1>
      <Show when={chat.state.conversation}>
        <span class="profile-badge" data-testid="profile-badge" title={t('chat.profileHint')}>
          {t('chat.profile', { label: profileLabel() })}
        </span>
      </Show>
      <div class="chat-header-actions">
        <button
          type="button"
          class="button"
          data-testid="new-conversation"
          disabled={chat.state.streaming}
          onClick={() => void chat.newConversation()}
        >
          {t('chat.new')}
        </button>
        <ConversationList />
        <a class="button button-quiet" href="#/auditoria" data-testid="audit-link">
          {t('chat.audit')}
        </a>
      </div>
    </header>
  );
}
