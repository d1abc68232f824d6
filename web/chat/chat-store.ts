import { createStore, unwrap } from 'solid-js/store';
import type { ChatContext } from '../../common/chat-schemas.ts';
import { parseCommand } from '../../common/commands.ts';
import {
  getConversation,
  listConversations,
  putConversation,
  updateConversation,
} from '../db/conversations-repo.ts';
import { getDraft, putDraft } from '../db/drafts-repo.ts';
import { clearProposals, listProposals } from '../db/proposals-repo.ts';
import type {
  Chip,
  ChipInput,
  ConversationRecord,
  ProposalRecord,
  TurnRecord,
} from '../db/records.ts';
import { getCurrentConversationId, setCurrentConversationId } from '../db/settings-repo.ts';
import { clearTurns, listTurns, recoverStreamingTurns } from '../db/turns-repo.ts';
import type { MessageKey } from '../i18n/es.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { MessageParams } from '../i18n/translate.ts';
import { getChatContext } from '../lib/api.ts';
import { DRAFT_SAVE_DEBOUNCE_MS } from '../lib/timing.ts';
import type { SearchHit } from '../search/vault-search.ts';
import { mergeChips } from './chips.ts';
import { interpretCommand } from './interpret-command.ts';
import { newId } from './new-id.ts';
import { createNotePaths } from './note-paths.ts';
import { runOutcome } from './run-outcome.ts';
import { createSender } from './sender.ts';

/** What shows between the messages and the composer after a command. */
export type Panel =
  | { kind: 'none' }
  | { kind: 'notice'; tone: 'error' | 'info'; key: MessageKey; params?: MessageParams }
  | { kind: 'help' }
  | { kind: 'paste' }
  /** A command waiting on the server (/extraer, /web, a proposal). */
  | { kind: 'loading'; key: MessageKey; params?: MessageParams }
  | { kind: 'search'; query: string; status: 'loading' | 'ready' | 'error'; hits: SearchHit[] };

export interface ChatState {
  conversation: ConversationRecord | null;
  conversations: ConversationRecord[];
  turns: TurnRecord[];
  /** The conversation's write proposals (shown under their answers), oldest first. */
  proposals: ProposalRecord[];
  text: string;
  chips: Chip[];
  panel: Panel;
  context: ChatContext | null;
  streaming: boolean;
  confirmingReset: boolean;
}

/** The conversation: its turns (kept in IndexedDB), the composer's draft, and the commands. */
export function createChatStore(i18n: I18nStore, report: (error: unknown) => void) {
  const [state, setState] = createStore<ChatState>({
    conversation: null,
    conversations: [],
    turns: [],
    proposals: [],
    text: '',
    chips: [],
    panel: { kind: 'none' },
    context: null,
    streaming: false,
    confirmingReset: false,
  });
  let started: Promise<void> | null = null;
  let draftTimer: ReturnType<typeof setTimeout> | undefined;

  const saveDraft = () => {
    clearTimeout(draftTimer);
    const c = state.conversation;
    if (!c) return;
    const draft = {
      conversationId: c.id,
      text: state.text,
      chips: [...unwrap(state.chips)],
      updatedAt: Date.now(),
    };
    putDraft(draft).catch(report);
  };

  const show = async (conversation: ConversationRecord) => {
    // No conversation while switching: the composer and the attach button wait, so a
    // command typed in between cannot land in the old draft and then be overwritten.
    setState('conversation', null);
    const [turns, draft, proposals] = await Promise.all([
      listTurns(conversation.id),
      getDraft(conversation.id),
      listProposals(conversation.id),
    ]);
    setState({
      conversation,
      turns,
      proposals,
      text: draft?.text ?? '',
      chips: draft?.chips ?? [],
      panel: { kind: 'none' },
    });
    await setCurrentConversationId(conversation.id);
    setState('conversations', await listConversations());
  };

  const newConversation = async () => {
    // At once, before any await: see show().
    setState('conversation', null);
    const now = Date.now();
    const profile = state.context?.defaultProfile ?? 'default';
    const conversation = {
      id: newId(),
      title: '',
      createdAt: now,
      updatedAt: now,
      profile,
      project: null,
      recall: false,
    };
    await putConversation(conversation);
    await show(conversation);
  };

  const patchConversation = async (patch: Partial<Omit<ConversationRecord, 'id'>>) => {
    const c = state.conversation;
    if (!c) return;
    const next = await updateConversation(c.id, patch);
    if (next) setState('conversation', next);
  };

  const loadContext = async () => {
    try {
      setState('context', await getChatContext());
    } catch (error) {
      report(error);
    }
  };

  const core = {
    state,
    setState,
    i18n,
    report,
    patchConversation,
    saveDraft,
    addChips(inputs: readonly ChipInput[]) {
      setState('chips', mergeChips(state.chips, inputs));
      saveDraft();
    },
    updateChip(id: string, patch: Partial<Omit<Chip, 'id' | 'kind'>>) {
      setState('chips', (c) => c.id === id, patch);
      clearTimeout(draftTimer);
      draftTimer = setTimeout(saveDraft, DRAFT_SAVE_DEBOUNCE_MS);
    },
    notePaths: createNotePaths(report),
    loadContext,
  };
  const sender = createSender(core);

  return {
    state,
    /** For the features loaded on demand (proposals, web context). */
    core,
    ...sender,
    addChips: core.addChips,
    notePaths: core.notePaths,
    /** Opens the last conversation (or a new one) and loads the chat context. Safe to call again. */
    async start() {
      started ??= (async () => {
        await recoverStreamingTurns();
        const id = await getCurrentConversationId();
        const current = id ? await getConversation(id) : undefined;
        if (current) await show(current);
        else await newConversation();
      })().catch((error: unknown) => {
        started = null;
        report(error);
      });
      await Promise.all([started, loadContext()]);
    },
    newConversation: () => newConversation().catch(report),
    async openConversation(id: string) {
      const c = await getConversation(id).catch(report);
      if (c) await show(c).catch(report);
    },
    setText(text: string) {
      setState('text', text);
      clearTimeout(draftTimer);
      draftTimer = setTimeout(saveDraft, DRAFT_SAVE_DEBOUNCE_MS);
    },
    removeChip(id: string) {
      setState('chips', (chips) => chips.filter((c) => c.id !== id));
      saveDraft();
    },
    setProject: (name: string | null) => patchConversation({ project: name }).catch(report),
    closePanel: () => setState('panel', { kind: 'none' }),
    showNotice(tone: 'error' | 'info', key: MessageKey, params?: MessageParams) {
      setState('panel', { kind: 'notice', tone, key, ...(params ? { params } : {}) });
    },
    cancelReset: () => setState('confirmingReset', false),
    async confirmReset() {
      setState('confirmingReset', false);
      const c = state.conversation;
      if (!c || state.streaming) return;
      await Promise.all([clearTurns(c.id), clearProposals(c.id)]).catch(report);
      setState({ turns: [], proposals: [] });
    },
    /** Reads the composer: a message is sent, a command carried out. */
    async submit() {
      const text = state.text.trim();
      if (state.streaming || (text === '' && state.chips.length === 0)) return;
      const parsed = parseCommand(text);
      const needsNotes = parsed.kind === 'command' && parsed.id === 'unir';
      const needsContext =
        parsed.kind === 'command' && ['modo', 'proyecto', 'recordar'].includes(parsed.id);
      // Profiles, projects and the last closing change on the server; ask again before checking.
      if (needsContext) await loadContext();
      const notePaths = needsNotes ? await core.notePaths() : null;
      const outcome = interpretCommand(parsed, {
        chat: state.context,
        notePaths,
        locale: i18n.locale(),
      });
      await runOutcome(core, sender, outcome);
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
