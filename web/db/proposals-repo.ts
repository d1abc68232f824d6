import { STORES, withTx } from './database.ts';
import type { ProposalRecord } from './records.ts';

/** Write proposals shown under answers, kept so a reload shows them in the state they were left. */

/** Saves a proposal record, new or updated (the whole record: last write wins). */
export function putProposal(record: ProposalRecord): Promise<void> {
  return withTx([STORES.proposals], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.proposals).put(record);
  });
}

/** A conversation's proposals, oldest first. */
export async function listProposals(conversationId: string): Promise<ProposalRecord[]> {
  const all = await withTx([STORES.proposals], 'readonly', (tx) =>
    tx.objectStore(STORES.proposals).index('byConversation').getAll(conversationId),
  );
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

/** Deletes a conversation's proposals (/reiniciar clears the answers they hang from). */
export function clearProposals(conversationId: string): Promise<void> {
  return withTx([STORES.proposals], 'readwrite', async (tx) => {
    const index = tx.objectStore(STORES.proposals).index('byConversation');
    for await (const cursor of index.iterate(conversationId)) await cursor.delete();
  });
}
