import { STORES, withTx } from './database.ts';
import type { TurnRecord } from './records.ts';

/** Turns of every conversation, ordered by `[conversationId, index]`. */

const range = (conversationId: string) =>
  IDBKeyRange.bound([conversationId, 0], [conversationId, Number.MAX_SAFE_INTEGER]);

/** Saves a turn, new or updated (the whole record: last write wins). */
export function putTurn(turn: TurnRecord): Promise<void> {
  return withTx([STORES.turns], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.turns).put(turn);
  });
}

/** A conversation's turns, oldest first. */
export function listTurns(conversationId: string): Promise<TurnRecord[]> {
  return withTx([STORES.turns], 'readonly', (tx) =>
    tx.objectStore(STORES.turns).index('byConversation').getAll(range(conversationId)),
  );
}

/** Deletes some turns by id (a message that never reached the server goes back to the composer). */
export function deleteTurns(ids: readonly string[]): Promise<void> {
  return withTx([STORES.turns], 'readwrite', async (tx) => {
    for (const id of ids) await tx.objectStore(STORES.turns).delete(id);
  });
}

/** Deletes a conversation's turns (/reiniciar). */
export function clearTurns(conversationId: string): Promise<void> {
  return withTx([STORES.turns], 'readwrite', async (tx) => {
    const index = tx.objectStore(STORES.turns).index('byConversation');
    for await (const cursor of index.iterate(range(conversationId))) await cursor.delete();
  });
}

/**
 * The recovery rule: an answer still marked `streaming` when the app starts was
 * interrupted (tab closed, reload, crash) and will never finish, so it becomes
 * `cut`, keeping the text saved so far. Returns how many turns changed.
 */
export function recoverStreamingTurns(): Promise<number> {
  return withTx([STORES.turns], 'readwrite', async (tx) => {
    const index = tx.objectStore(STORES.turns).index('byStatus');
    let changed = 0;
    for await (const cursor of index.iterate('streaming')) {
      await cursor.update({ ...cursor.value, status: 'cut' });
      changed++;
    }
    return changed;
  });
}
