import { type NoteList, NoteListSchema } from '../../common/chat-schemas.ts';
import { STORES, withTx } from './database.ts';

/** Small named values of this browser: the current conversation, the note-list choice. */

const CURRENT_CONVERSATION = 'currentConversation';
const NOTE_LIST = 'noteList';

export function getCurrentConversationId(): Promise<string | null> {
  return withTx([STORES.settings], 'readonly', async (tx) => {
    const record = await tx.objectStore(STORES.settings).get(CURRENT_CONVERSATION);
    return record?.value ?? null;
  });
}

export function setCurrentConversationId(id: string | null): Promise<void> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.settings).put({ key: CURRENT_CONVERSATION, value: id });
  });
}

/** The user's choice about the list of note names, or null to follow the harness. */
export function getNoteListSetting(): Promise<NoteList | null> {
  return withTx([STORES.settings], 'readonly', async (tx) => {
    const record = await tx.objectStore(STORES.settings).get(NOTE_LIST);
    if (!record?.value) return null;
    // Stored by an older or newer app: a value that no longer fits means "follow the harness".
    const parsed = NoteListSchema.safeParse(JSON.parse(record.value));
    return parsed.success ? parsed.data : null;
  });
}

export function setNoteListSetting(value: NoteList | null): Promise<void> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    const json = value === null ? null : JSON.stringify(value);
    await tx.objectStore(STORES.settings).put({ key: NOTE_LIST, value: json });
  });
}

const LAST_SYNC = 'conversationsSyncedAt';

/** The laptop's clock at this browser's last complete conversation sync, or null if never. */
export function getConversationsSyncedAt(): Promise<number | null> {
  return withTx([STORES.settings], 'readonly', async (tx) => {
    const record = await tx.objectStore(STORES.settings).get(LAST_SYNC);
    const value = Number(record?.value ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  });
}

export function setConversationsSyncedAt(at: number): Promise<void> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.settings).put({ key: LAST_SYNC, value: String(at) });
  });
}
