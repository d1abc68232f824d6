import type { SetStoreFunction } from 'solid-js/store';
import type { Chip, ChipInput, ConversationRecord } from '../db/records.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { ChatState } from './chat-store.ts';

/** What the chat store shares with its helpers (sending, running commands, proposals). */
export interface ChatCore {
  state: ChatState;
  setState: SetStoreFunction<ChatState>;
  i18n: I18nStore;
  report: (error: unknown) => void;
  patchConversation(patch: Partial<Omit<ConversationRecord, 'id'>>): Promise<void>;
  saveDraft(): void;
  addChips(inputs: readonly ChipInput[]): void;
  /** Replaces some fields of a chip (a trimmed page), keeping its id and kind. */
  updateChip(id: string, patch: Partial<Omit<Chip, 'id' | 'kind'>>): void;
  notePaths(): Promise<string[] | null>;
  loadContext(): Promise<void>;
}
