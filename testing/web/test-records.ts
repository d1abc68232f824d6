import type { TurnRecord } from '../../web/db/records.ts';

/**
 * A complete turn for tests: even indexes are the user's, odd ones the
 * assistant's; `over` changes any field.
 */
export function turnRecord(
  index: number,
  over: Partial<TurnRecord> = {},
  conversationId = 'c',
): TurnRecord {
  return {
    id: conversationId === 'c' ? String(index) : `${conversationId}-${index}`,
    conversationId,
    index,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `t${index}`,
    status: 'complete',
    createdAt: index,
    ...over,
  };
}
