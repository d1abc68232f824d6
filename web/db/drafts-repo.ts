import { STORES, withTx } from './database.ts';
import type { DraftRecord } from './records.ts';

/** The composer's unsent text and chips, one draft per conversation. */

export function getDraft(conversationId: string): Promise<DraftRecord | undefined> {
  return withTx([STORES.drafts], 'readonly', (tx) =>
    tx.objectStore(STORES.drafts).get(conversationId),
  );
}

export function putDraft(draft: DraftRecord): Promise<void> {
  return withTx([STORES.drafts], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.drafts).put(draft);
  });
}

export function deleteDraft(conversationId: string): Promise<void> {
  return withTx([STORES.drafts], 'readwrite', (tx) =>
    tx.objectStore(STORES.drafts).delete(conversationId),
  );
}
