import type { SetStoreFunction } from 'solid-js/store';
import type { ChatStore } from '../chat/chat-store.ts';
import type { ProposalRecord } from '../db/records.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';

export interface ProposalsState {
  /** The open conversation's write proposals (shown under their answers), oldest first. */
  records: ProposalRecord[];
  /** Ids of the proposals waiting on the server; their buttons are disabled meanwhile. */
  busy: string[];
}

/** What the proposals use of the chat: what it shows, and its command panel. */
export type ChatLink = Pick<
  ChatStore,
  'state' | 'showNotice' | 'showLoading' | 'closePanel' | 'commandFailed'
>;

/**
 * What the proposals store shares with its actions, which load on demand. Only code in
 * web/proposals sees it: others use the store's actions.
 */
export interface ProposalsCore {
  state: ProposalsState;
  setState: SetStoreFunction<ProposalsState>;
  chat: ChatLink;
  i18n: I18nStore;
  report: (error: unknown) => void;
}
