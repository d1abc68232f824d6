import { STORES, withTx } from './database.ts';

/** Small named values of this browser; only the current conversation so far. */

const CURRENT_CONVERSATION = 'currentConversation';

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
