import type { ChatContext, NoteList } from '../../common/chat-schemas.ts';
import type { Chip, ConversationRecord, TurnRecord } from '../db/records.ts';
import type { MessageKey } from '../i18n/es.ts';
import type { MessageParams } from '../i18n/translate.ts';
import type { SearchHit } from '../search/worker/vault-search.ts';

/** What shows between the messages and the composer after a command. */
export type Panel =
  | { kind: 'none' }
  | { kind: 'notice'; tone: 'error' | 'info'; key: MessageKey; params?: MessageParams }
  /** `id`: only that command's row (`/ayuda buscar`); null for the whole table. */
  | { kind: 'help'; id: string | null }
  | { kind: 'paste' }
  /** A command waiting on the server (/extraer, /web, a proposal). */
  | { kind: 'loading'; key: MessageKey; params?: MessageParams }
  | { kind: 'search'; query: string; status: 'loading' | 'ready' | 'error'; hits: SearchHit[] };

/** The chat's own state; the proposals and the web context keep theirs apart. */
export interface ChatState {
  conversation: ConversationRecord | null;
  conversations: ConversationRecord[];
  turns: TurnRecord[];
  text: string;
  chips: Chip[];
  panel: Panel;
  context: ChatContext | null;
  streaming: boolean;
  confirmingReset: boolean;
  /** The user's note-list choice for every conversation; null follows the harness. */
  noteList: NoteList | null;
}

/** The state before anything has loaded. */
export const emptyChatState = (): ChatState => ({
  conversation: null,
  conversations: [],
  turns: [],
  text: '',
  chips: [],
  panel: { kind: 'none' },
  context: null,
  streaming: false,
  confirmingReset: false,
  noteList: null,
});
