import {
  type ConversationMetaPatch,
  MAX_UPLOAD_CONVERSATIONS,
  type StoredTurn,
  type SyncChip,
  type SyncTurn,
  type TurnDetails,
  TurnDetailsSchema,
} from '../../common/conversation-schemas.ts';
import {
  deleteConversation,
  getConversation,
  listConversations,
  putConversation,
} from '../db/conversations-repo.ts';
import { getDraft, putDraft } from '../db/drafts-repo.ts';
import type { ConversationRecord, TurnMeta, TurnRecord } from '../db/records.ts';
import { getConversationsSyncedAt, setConversationsSyncedAt } from '../db/settings-repo.ts';
import { listTurns, putTurn } from '../db/turns-repo.ts';
import {
  getConversationPage,
  listConversationsPage,
  patchConversation,
  uploadConversations,
} from '../lib/conversations-api.ts';
import { chipsKey, travellingChips, withSyncedChips } from './sync-chips.ts';

/** Conversations per upload request: their turns must stay under the server's 1 MB body limit. */
const UPLOAD_BATCH = Math.min(10, MAX_UPLOAD_CONVERSATIONS);
/** Conversations per page of the listing read while pulling. */
const LIST_PAGE = 500;

/** An answer being written on another device, as a conversation's page told it. */
export interface AnswerInProgress {
  id: string;
  /** The question being answered; null when none is. */
  question: string | null;
  text: string;
}

/** What one sync did. */
export interface SyncOutcome {
  /** Turns the laptop took from this browser. */
  pushed: number;
  /** Turns this browser took from the laptop. */
  pulled: number;
  /** Conversations dropped here because another device deleted them. */
  deleted: number;
  /** Conversations whose pinned or memory chips another device changed. */
  changed: number;
  /** For each conversation read: the question being answered there now (or null), and the text so far. */
  answering: AnswerInProgress[];
  /** The laptop's clock at this sync: shown offline as the time of the last sync. */
  syncedAt: number;
}

/**
 * One sync of this browser's conversations with the laptop's copy. First it sends every
 * turn the laptop lacks (the first sync uploads the whole history, in batches; turns the
 * laptop has are skipped there, so a retry duplicates nothing) and marks them synced only
 * once the laptop confirms; the browser keeps its copy either way. Then it reads what
 * changed since the last sync: new turns of any device, titles, deletions. A failure
 * (offline) throws and leaves everything to the next sync.
 */
export async function syncConversations(): Promise<SyncOutcome> {
  const pushed = await push();
  const since = await getConversationsSyncedAt();
  const { pulled, deleted, changed, answering, now } = await pull(since);
  await setConversationsSyncedAt(now);
  return { pushed, pulled, deleted, changed, answering, syncedAt: now };
}

/** A local turn as the laptop keeps it; null while it is still being written. */
export function toSyncTurn(turn: TurnRecord): SyncTurn | null {
  if (turn.status === 'streaming') return null;
  const details = syncDetails(turn);
  return {
    id: turn.id,
    role: turn.role,
    content: turn.content,
    status: turn.status,
    createdAt: turn.createdAt,
    ...(turn.mode ? { mode: turn.mode } : {}),
    ...(turn.attached ? { attached: turn.attached } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * A turn's details as the laptop takes them. Saved by older versions of this app they may
 * not have today's shape: then they stay only here, and the turn goes without them.
 */
function syncDetails(turn: TurnRecord): TurnDetails | null {
  const parsed = TurnDetailsSchema.safeParse({
    ...(turn.meta ? { meta: turn.meta } : {}),
    ...(turn.error ? { error: turn.error } : {}),
  });
  if (!parsed.success || Object.keys(parsed.data).length === 0) return null;
  return parsed.data;
}

function metaOf(c: ConversationRecord, chips: SyncChip[]): ConversationMetaPatch {
  return { title: c.title, profile: c.profile, project: c.project, chips };
}

/** The chips of a conversation's draft that travel with it. */
async function chipsOf(id: string): Promise<SyncChip[]> {
  return travellingChips((await getDraft(id))?.chips ?? []);
}

/** Sends unsynced turns (and renames of synced conversations); returns how many turns were new. */
async function push(): Promise<number> {
  const pending: { conversation: ConversationRecord; turns: TurnRecord[]; chips: SyncChip[] }[] =
    [];
  for (const conversation of await listConversations()) {
    const turns = (await listTurns(conversation.id)).filter(
      (t) => !t.synced && t.status !== 'streaming',
    );
    const chips = await chipsOf(conversation.id);
    const key = chipsKey(chips);
    if (turns.length > 0) pending.push({ conversation, turns, chips });
    // The upload takes meta only for a conversation new to the laptop: a known one is patched.
    if (
      conversation.serverCursor !== undefined &&
      (conversation.updatedAt !== conversation.syncedAt ||
        key !== (conversation.chipsSynced ?? chipsKey([])))
    ) {
      await patchConversation(conversation.id, metaOf(conversation, chips));
      await putConversation({
        ...conversation,
        syncedAt: conversation.updatedAt,
        chipsSynced: key,
      });
    }
  }
  let pushed = 0;
  for (let i = 0; i < pending.length; i += UPLOAD_BATCH) {
    const batch = pending.slice(i, i + UPLOAD_BATCH);
    const { results } = await uploadConversations({
      conversations: batch.map(({ conversation, turns, chips }) => ({
        id: conversation.id,
        createdAt: conversation.createdAt,
        meta: metaOf(conversation, chips),
        turns: turns.flatMap((t) => toSyncTurn(t) ?? []),
      })),
    });
    for (const [k, result] of results.entries()) {
      const entry = batch[k];
      if (!entry) continue;
      if (result.deleted) {
        await deleteConversation(result.id);
        continue;
      }
      for (const turn of entry.turns) await putTurn({ ...turn, synced: true });
      pushed += result.added;
    }
  }
  return pushed;
}

async function pull(since: number | null): Promise<{
  pulled: number;
  deleted: number;
  changed: number;
  answering: AnswerInProgress[];
  now: number;
}> {
  const answering: AnswerInProgress[] = [];
  let pulled = 0;
  let deleted = 0;
  let changed = 0;
  let now = 0;
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await listConversationsPage(since, offset, LIST_PAGE);
    if (offset === 0) now = page.now;
    for (const summary of page.conversations) {
      if (summary.deletedAt !== undefined) {
        if (await getConversation(summary.id)) deleted++;
        await deleteConversation(summary.id);
        continue;
      }
      const one = await pullOne(summary.id);
      pulled += one.added;
      if (one.chipsChanged) changed++;
      answering.push(one.answer);
    }
    if (page.conversations.length === 0 || offset + page.conversations.length >= page.total) break;
  }
  return { pulled, deleted, changed, answering, now };
}

/** Brings one conversation's new turns, details and travelling chips from the laptop. */
async function pullOne(
  id: string,
): Promise<{ added: number; chipsChanged: boolean; answer: AnswerInProgress }> {
  const local = await getConversation(id);
  const page = await getConversationPage(id, local?.serverCursor ?? 0);
  const turns = await listTurns(id);
  const have = new Map(turns.map((t) => [t.id, t.index]));
  const places = pulledPlaces(page.turns, have, turns.at(-1)?.index ?? -1);
  let added = 0;
  for (const [k, turn] of page.turns.entries()) {
    if (have.has(turn.id)) continue;
    await putTurn(fromStoredTurn(id, places[k] ?? 0, turn));
    added++;
  }
  // Push ran first, so the laptop's chips already hold this browser's last change.
  const key = chipsKey(page.chips);
  const chipsChanged = key !== (local?.chipsSynced ?? chipsKey([]));
  if (chipsChanged) {
    const draft = await getDraft(id);
    await putDraft({
      conversationId: id,
      text: draft?.text ?? '',
      chips: withSyncedChips(draft?.chips ?? [], page.chips),
      updatedAt: Date.now(),
    });
  }
  const updatedAt = Math.max(local?.updatedAt ?? 0, page.updatedAt);
  await putConversation({
    id,
    createdAt: local?.createdAt ?? page.createdAt,
    recall: local?.recall ?? false,
    title: page.title,
    profile: page.profile,
    project: page.project,
    updatedAt,
    serverCursor: page.cursor,
    syncedAt: updatedAt,
    chipsSynced: key,
  });
  return { added, chipsChanged, answer: { id, question: page.answering, text: page.answerText } };
}

/**
 * Where each turn of a page goes among this browser's (its `index`), in the laptop's
 * order. A turn new here that the laptop keeps before turns this browser already has
 * (another device's answer, pulled late, before this browser's next question) goes between
 * them, at a fraction, so nothing already stored moves; the rest follow the last turn.
 */
export function pulledPlaces(
  page: readonly { id: string }[],
  have: ReadonlyMap<string, number>,
  last: number,
): number[] {
  const places: number[] = [];
  let end = last;
  let prev: number | null = null;
  for (const [k, turn] of page.entries()) {
    const own = have.get(turn.id);
    if (own !== undefined) {
      places.push(own);
      prev = own;
      continue;
    }
    const next = page.slice(k + 1).find((t) => have.has(t.id));
    const before = next ? have.get(next.id) : undefined;
    if (before === undefined) {
      end = Math.max(end, prev ?? end) + 1;
      places.push(end);
      prev = end;
      continue;
    }
    // Indexes start at 0 (the store reads a conversation's turns from [id, 0]).
    const after: number = prev ?? Math.max(0, ...[...have.values()].filter((i) => i < before));
    prev = (after + before) / 2;
    places.push(prev);
  }
  return places;
}

function fromStoredTurn(conversationId: string, index: number, turn: StoredTurn): TurnRecord {
  const details = turn.details ?? {};
  return {
    id: turn.id,
    conversationId,
    index,
    role: turn.role,
    content: turn.content,
    status: turn.status,
    createdAt: turn.createdAt,
    synced: true,
    ...(turn.mode ? { mode: turn.mode } : {}),
    ...(turn.attached ? { attached: turn.attached } : {}),
    // Written by a browser of this app, and shown as it was saved there.
    ...(details.meta ? { meta: details.meta as TurnMeta } : {}),
    ...(details.error ? { error: details.error as TurnRecord['error'] } : {}),
  };
}
