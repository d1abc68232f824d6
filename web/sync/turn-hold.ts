import { conversationTitle } from '../../common/conversation-title.ts';
import { getDraft } from '../db/drafts-repo.ts';
import type { ConversationRecord, TurnRecord } from '../db/records.ts';
import { putTurn } from '../db/turns-repo.ts';
import { ApiError } from '../lib/api-error.ts';
import { appendTurn } from '../lib/conversations-api.ts';
import { toSyncTurn } from './conversation-sync.ts';
import { travellingChips } from './sync-chips.ts';

/** What became of a question sent to the laptop's copy before its answer is asked for. */
export type QuestionOutcome = 'held' | 'busy' | 'deleted' | 'unreachable';

/**
 * Gives the laptop's copy the question before the answer is asked for: the conversation
 * is then held for this answer, and another device's question meanwhile is refused. A
 * question another device is already being answered for comes back `busy`.
 */
export async function sendQuestion(
  conversation: ConversationRecord,
  question: TurnRecord,
): Promise<QuestionOutcome> {
  const turn = toSyncTurn(question);
  if (!turn) return 'unreachable';
  const title = conversation.title || conversationTitle(question.content);
  try {
    await appendTurn(conversation.id, turn, {
      title,
      profile: conversation.profile,
      project: conversation.project,
      chips: travellingChips((await getDraft(conversation.id))?.chips ?? []),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'conversation_busy') return 'busy';
    if (error instanceof ApiError && error.code === 'conversation_deleted') return 'deleted';
    // Unreachable or refused: the next sync sends it.
    return 'unreachable';
  }
  await putTurn({ ...question, synced: true });
  return 'held';
}

/** Gives the laptop's copy the finished answer, which ends the question's hold. */
export async function sendAnswer(conversationId: string, answer: TurnRecord): Promise<void> {
  const turn = toSyncTurn(answer);
  if (!turn) return;
  try {
    await appendTurn(conversationId, turn);
  } catch {
    // The next sync sends it; the hold lapses on the laptop meanwhile.
    return;
  }
  await putTurn({ ...answer, synced: true });
}
