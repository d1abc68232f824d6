import type { ChatTurn } from '../../common/chat-schemas.ts';
import type { TurnRecord } from '../db/records.ts';

/** Statuses whose text the model may see again: finished answers, and cut ones (marked as such to the user). */
const KEPT = new Set<TurnRecord['status']>(['complete', 'cut']);

/**
 * The history sent with a request: the last `limit` turns that completed or
 * were cut, oldest first. Stopped and failed answers, empty ones, /resumir
 * summaries and /cerrar closings are left out (they repeat what the history says).
 */
export function selectHistory(turns: readonly TurnRecord[], limit: number): ChatTurn[] {
  if (limit <= 0) return [];
  return turns
    .filter((t) => KEPT.has(t.status) && (t.mode ?? 'chat') === 'chat' && t.content.trim() !== '')
    .slice(-limit)
    .map((t) => ({ role: t.role, content: t.content }));
}
