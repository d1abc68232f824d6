import {
  type ConversationList,
  ConversationListSchema,
  type ConversationMetaPatch,
  type ConversationPage,
  ConversationPageSchema,
  type SyncTurn,
  type TurnAppendResult,
  TurnAppendResultSchema,
  type UploadBody,
  type UploadResult,
  UploadResultSchema,
} from '../../common/conversation-schemas.ts';
import { errorFromResponse, postJson, request } from './api.ts';

/** The laptop's synchronised conversations (/api/conversations), parsed at the boundary. */

/** One page of the conversations changed after `since` (all of them when null). */
export function listConversationsPage(
  since: number | null,
  offset: number,
  limit: number,
): Promise<ConversationList> {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (since !== null) query.set('since', String(since));
  return request(ConversationListSchema, `/api/conversations?${query}`);
}

/** A conversation and its turns after `after`. */
export function getConversationPage(id: string, after: number): Promise<ConversationPage> {
  return request(
    ConversationPageSchema,
    `/api/conversations/${encodeURIComponent(id)}?after=${after}`,
  );
}

/** Appends one turn (idempotent by its id); `409 conversation_busy` while another is answered. */
export function appendTurn(
  id: string,
  turn: SyncTurn,
  meta?: ConversationMetaPatch,
): Promise<TurnAppendResult> {
  return request(
    TurnAppendResultSchema,
    `/api/conversations/${encodeURIComponent(id)}/turns`,
    postJson(meta ? { turn, meta } : { turn }),
  );
}

/** Sends what this browser holds that the laptop may not (turns it has are skipped). */
export function uploadConversations(body: UploadBody): Promise<UploadResult> {
  return request(UploadResultSchema, '/api/conversations/upload', postJson(body));
}

/** Changes a conversation's title, profile, project or chips on the laptop. */
export async function patchConversation(id: string, meta: ConversationMetaPatch): Promise<void> {
  const init = { ...postJson(meta), method: 'PATCH' };
  const response = await fetch(`/api/conversations/${encodeURIComponent(id)}`, {
    ...init,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromResponse(response);
}

/**
 * Deletes a conversation on the laptop, so every device drops it (`/reiniciar`). One the
 * laptop does not know (never synced) is already gone there.
 */
export async function removeConversation(id: string): Promise<void> {
  const response = await fetch(`/api/conversations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
  });
  if (!response.ok && response.status !== 404) throw await errorFromResponse(response);
}
