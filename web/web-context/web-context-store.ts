import type { WebCommand } from '../chat/chat-hooks.ts';
import type { ChatStore } from '../chat/chat-store.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { WebCommandChat } from './web-commands.ts';

/** What the web context uses of the chat: the draft's chips and the command panel. */
export type ChatLink = WebCommandChat & Pick<ChatStore, 'updateChip' | 'removeChip'>;

/**
 * Pages and web answers as context. It keeps no state of its own: what it fetched is a
 * chip in the chat's draft (saved and sent in order with the others) until the user
 * sends or removes it. Its fetching code loads with the first /extraer or /web.
 */
export function createWebContextStore(chat: ChatLink, i18n: I18nStore) {
  return {
    /** /extraer and /web: the server fetches, the result becomes a chip to preview. */
    async run(outcome: WebCommand) {
      const m = await import('./web-commands.ts');
      await m.runWebCommand(chat, i18n.t, outcome);
    },
    /** The user trimmed a page: only what is left in the box is sent. */
    trim(chipId: string, text: string) {
      chat.updateChip(chipId, { text });
    },
    remove(chipId: string) {
      chat.removeChip(chipId);
    },
  };
}

export type WebContextStore = ReturnType<typeof createWebContextStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** Web pages read into the conversation. */
    webContext: WebContextStore;
  }
}
