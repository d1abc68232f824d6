import { batch } from 'solid-js';
import { unwrap } from 'solid-js/store';
import {
  deleteConversation,
  getConversation,
  listConversations,
  putConversation,
  updateConversation,
} from '../db/conversations-repo.ts';
import { deleteDraft, getDraft, putDraft } from '../db/drafts-repo.ts';
import type { ConversationRecord } from '../db/records.ts';
import {
  getCurrentConversationId,
  getNoteListSetting,
  setCurrentConversationId,
} from '../db/settings-repo.ts';
import { listTurns, recoverStreamingTurns } from '../db/turns-repo.ts';
import { getChatContext } from '../lib/api.ts';
import type { ChatCore } from './chat-core.ts';
import { newId } from './new-id.ts';

/** Which conversation is open, its settings, and the chat context from the server. */
export function createConversations(core: ChatCore) {
  const { state, setState, report } = core;
  let started: Promise<void> | null = null;

  const create = async () => {
    // At once, before any await: see show().
    setState('conversation', null);
    const conversation = newConversation(state.context?.defaultProfile ?? 'default');
    await putConversation(conversation);
    await show(core, conversation);
  };

  const loadContext = async () => {
    try {
      setState('context', await getChatContext());
    } catch (error) {
      report(error);
    }
  };

  return {
    loadContext,
    async patch(fields: Partial<Omit<ConversationRecord, 'id'>>) {
      const c = state.conversation;
      if (!c) return;
      const next = await updateConversation(c.id, fields);
      if (next) setState('conversation', next);
    },
    /** Opens the last conversation (or a new one) and loads the chat context. Safe to call again. */
    async start() {
      started ??= (async () => {
        await recoverStreamingTurns();
        setState('noteList', await getNoteListSetting());
        const id = await getCurrentConversationId();
        const current = id ? await getConversation(id) : undefined;
        if (current) await show(core, current);
        else await create();
      })().catch((error: unknown) => {
        started = null;
        report(error);
      });
      await Promise.all([started, loadContext()]);
    },
    create: () => create().catch(report),
    /**
     * After a sync brought turns or deletions: the list again, and the open conversation
     * again when it changed (unless an answer is streaming into it), its chips as the sync
     * left its draft; a conversation deleted
     * on another device gives way to a new one.
     */
    async refresh() {
      setState('conversations', await listConversations());
      const c = state.conversation;
      if (!c || state.streaming) return;
      const stored = await getConversation(c.id);
      if (!stored) return create();
      const [turns, draft] = await Promise.all([listTurns(c.id), getDraft(c.id)]);
      if (turns.length !== state.turns.length || stored.title !== c.title) {
        batch(() => setState({ conversation: stored, turns }));
      }
      // Chips pinned (or a memory recalled) on another device: the sync wrote them to the draft.
      const chips = draft?.chips ?? [];
      if (JSON.stringify(chips) !== JSON.stringify(state.chips)) setState('chips', chips);
    },
    async open(id: string) {
      const c = await getConversation(id).catch(report);
      if (c) await show(core, c).catch(report);
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;

/** Shows a conversation: its turns, its draft, and what the hooks load with it, at once. */
async function show(core: ChatCore, conversation: ConversationRecord) {
  const { setState } = core;
  // No conversation while switching: the composer and the attach button wait, so a
  // command typed in between cannot land in the old draft and then be overwritten.
  setState('conversation', null);
  const [turns, draft, showTheRest] = await Promise.all([
    listTurns(conversation.id),
    getDraft(conversation.id),
    core.hooks.opening(conversation.id),
  ]);
  batch(() => {
    setState({
      conversation,
      turns,
      text: draft?.text ?? '',
      chips: draft?.chips ?? [],
      panel: { kind: 'none' },
    });
    showTheRest();
  });
  await setCurrentConversationId(conversation.id);
  setState('conversations', await listConversations());
}

function newConversation(profile: string): ConversationRecord {
  const now = Date.now();
  return {
    id: newId(),
    title: '',
    createdAt: now,
    updatedAt: now,
    profile,
    project: null,
    recall: false,
  };
}

/**
 * /reiniciar, once confirmed. The laptop keeps one copy for every device, so clearing a
 * conversation deletes it there (every device drops it, the laptop keeps no old turns) and
 * goes on in a new one, with the same profile and the composer's text and chips; the pinned
 * chips and the project go with it only if the user chose to keep them. Unreachable laptop: nothing changes (a
 * copy kept there would come back with the next sync), and the notice says why.
 */
export async function clearHistory(core: ChatCore, keepPinned: boolean) {
  const { state, report } = core;
  const c = state.conversation;
  if (!c || state.streaming) return;
  try {
    // The synchronised conversations' API (and its schemas) loads only when one is removed.
    const { removeConversation } = await import('../lib/conversations-api.ts');
    await removeConversation(c.id);
  } catch (error) {
    // What IndexedDB holds says whether the laptop has a copy (the screen's turns lag).
    const [stored, turns] = await Promise.all([getConversation(c.id), listTurns(c.id)]);
    if (stored?.serverCursor !== undefined || turns.some((t) => t.synced)) {
      report(error);
      return;
    }
  }
  await core.hooks.clearing(c.id).catch(report);
  const next: ConversationRecord = {
    ...newConversation(c.profile),
    project: keepPinned ? c.project : null,
  };
  // Plain copies: IndexedDB cannot store the store's proxies.
  const own = unwrap(state.chips);
  const chips = keepPinned ? [...own] : own.filter((chip) => !chip.pinned);
  await putConversation(next);
  await putDraft({ conversationId: next.id, text: state.text, chips, updatedAt: Date.now() });
  await Promise.all([deleteConversation(c.id), deleteDraft(c.id)]).catch(report);
  await show(core, next);
}
