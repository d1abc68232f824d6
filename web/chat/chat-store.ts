import { createStore } from 'solid-js/store';
import type { NoteList } from '../../common/chat-schemas.ts';
import { setNoteListSetting } from '../db/settings-repo.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { ChatCore } from './chat-core.ts';
import type { ChatHooks } from './chat-hooks.ts';
import { type ChatState, emptyChatState } from './chat-state.ts';
import { clearHistory, createConversations } from './conversations.ts';
import { createDraft } from './draft.ts';
import { createNotePaths } from './note-paths.ts';
import { createPanelActions } from './panel-actions.ts';
import type { Sender } from './sender.ts';

/**
 * The conversation: its turns (kept in IndexedDB), the composer's draft, and the
 * commands. Other features change it only through these actions; `hooks` is how it
 * tells them what happened.
 */
export function createChatStore(
  i18n: I18nStore,
  report: (error: unknown) => void,
  hooks: ChatHooks,
) {
  const [state, setState] = createStore<ChatState>(emptyChatState());
  const core: ChatCore = { state, setState, i18n, report, hooks };
  const draft = createDraft(core);
  const conversations = createConversations(core);
  const notePaths = createNotePaths(report);
  // Sending (the answer's stream) and the commands' table and interpreter load with the
  // first keystroke, not with the page.
  let sender: Sender | null = null;
  let submitModules: Promise<[typeof import('./submit.ts'), Sender]> | null = null;
  const loadSubmit = () => {
    submitModules ??= Promise.all([
      import('./submit.ts'),
      import('./sender.ts').then((m) => {
        sender ??= m.createSender(core, draft, conversations);
        return sender;
      }),
    ]).catch((error: unknown) => {
      // Not loaded (the server went away before they were cached): asked again next time.
      submitModules = null;
      throw error;
    });
    return submitModules;
  };
  return {
    state,
    start: conversations.start,
    newConversation: conversations.create,
    openConversation: conversations.open,
    refreshConversations: () => conversations.refresh().catch(report),
    setProject: (name: string | null) => conversations.patch({ project: name }).catch(report),
    setText(text: string) {
      loadSubmit().catch(() => undefined);
      draft.setText(text);
    },
    addChips: draft.addChips,
    updateChip: draft.updateChip,
    removeChip: draft.removeChip,
    togglePin: draft.togglePin,
    /** The note-list choice for every conversation (null follows the harness), kept in IndexedDB. */
    setNoteList(value: NoteList | null) {
      setState('noteList', value);
      setNoteListSetting(value).catch(report);
    },
    /** The vault's note paths (for /unir and answer links), or null when unknown. */
    notePaths,
    ...createPanelActions(setState),
    cancelReset: () => setState('confirmingReset', false),
    async confirmReset(keepPinned: boolean) {
      setState('confirmingReset', false);
      // A new conversation, with its own (empty) title: the next message names it.
      await clearHistory(core, keepPinned);
    },
    async submit() {
      const modules = await loadSubmit().catch(() => null);
      if (!modules) {
        // Sending could not load: the server is gone (nothing cached it yet). Said as a
        // failed send, the draft left in the box, as when the request itself fails.
        setState('panel', { kind: 'notice', tone: 'error', key: 'chat.notSent' });
        return;
      }
      const [{ submit }, loaded] = modules;
      await submit({ core, draft, conversations, sender: loaded }, notePaths);
    },
    /** Loads sending and the commands ahead of the first keystroke (the page is idle). */
    preload() {
      loadSubmit().catch(() => undefined);
    },
    /** Stops the answer being streamed; nothing streams before sending has loaded. */
    stop: () => sender?.stop(),
    /** Opens a conversation and proposes saving it, rendered, to `05_Salida/`. */
    async exportConversation(id: string) {
      await conversations.open(id);
      await hooks.proposalCommand({ kind: 'export' }).catch(report);
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The conversation: its messages, chips and draft, and sending a question. */
    chat: ChatStore;
  }
}
