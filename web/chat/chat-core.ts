import type { SetStoreFunction } from 'solid-js/store';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { ChatHooks } from './chat-hooks.ts';
import type { ChatState } from './chat-state.ts';

/**
 * What the chat store shares with its parts (draft, conversations, sender, commands).
 * Only code in web/chat sees it: other features use the store's actions.
 */
export interface ChatCore {
  state: ChatState;
  setState: SetStoreFunction<ChatState>;
  i18n: I18nStore;
  report: (error: unknown) => void;
  hooks: ChatHooks;
}
