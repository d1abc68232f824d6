import { STORES, withTx } from './database.ts';
import type { ConversationRecord } from './records.ts';

/** Conversations: one record each, newest first when listed. */

export function putConversation(conversation: ConversationRecord): Promise<void> {
  return withTx([STORES.conversations], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.conversations).put(conversation);
  });
}

export function getConversation(id: string): Promise<ConversationRecord | undefined> {
  return withTx([STORES.conversations], 'readonly', (tx) =>
    tx.objectStore(STORES.conversations).get(id),
  );
}

/** Every conversation, the most recently used first. */
export function listConversations(): Promise<ConversationRecord[]> {
  return withTx([STORES.conversations], 'readonly', async (tx) => {
    const all = await tx.objectStore(STORES.conversations).index('byUpdatedAt').getAll();
    return all.reverse();
  });
}

/** Applies `patch` to a stored conversation and stamps `updatedAt`; null when it is gone. */
export function updateConversation(
  id: string,
  patch: Partial<Omit<ConversationRecord, 'id'>>,
  now = Date.now(),
): Promise<ConversationRecord | null> {
  return withTx([STORES.conversations], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.conversations);
    const current = await store.get(id);
    if (!current) return null;
    const next = { ...current, ...patch, updatedAt: now };
    await store.put(next);
    return next;
  });
}

/** Deletes a conversation and its turns (deleted on another device). */
export function deleteConversation(id: string): Promise<void> {
  return withTx([STORES.conversations, STORES.turns], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.conversations).delete(id);
    const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
    const index = tx.objectStore(STORES.turns).index('byConversation');
    for await (const cursor of index.iterate(range)) await cursor.delete();
  });
}
