import { unwrap } from 'solid-js/store';
import { putDraft } from '../db/drafts-repo.ts';
import type { ChipInput, ChipPatch } from '../db/records.ts';
import { DRAFT_SAVE_DEBOUNCE_MS } from '../lib/timing.ts';
import { travelsWithConversation } from '../sync/sync-chips.ts';
import type { ChatCore } from './chat-core.ts';
import { mergeChips } from './chips.ts';

/** The composer's text and chips, saved to IndexedDB so a reload keeps them. */
export function createDraft(core: ChatCore) {
  const { state, setState } = core;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The travelling chips last saved, per conversation: a change there is told to the sync. */
  const travelling = new Map<string, string>();

  const save = () => {
    clearTimeout(timer);
    const c = state.conversation;
    if (!c) return;
    const draft = {
      conversationId: c.id,
      text: state.text,
      chips: [...unwrap(state.chips)],
      updatedAt: Date.now(),
    };
    const key = JSON.stringify(draft.chips.filter(travelsWithConversation));
    const before = travelling.get(c.id);
    travelling.set(c.id, key);
    putDraft(draft)
      .then(() => {
        if ((before ?? '[]') !== key) core.hooks.chipsChanged(c.id);
      })
      .catch(core.report);
  };
  /** Typing saves once the keys pause, not on every keystroke. */
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, DRAFT_SAVE_DEBOUNCE_MS);
  };

  return {
    save,
    setText(text: string) {
      setState('text', text);
      saveSoon();
    },
    addChips(inputs: readonly ChipInput[]) {
      setState('chips', mergeChips(state.chips, inputs));
      save();
    },
    /** Replaces some fields of a chip (a trimmed page), keeping its id and kind. */
    updateChip(id: string, patch: ChipPatch) {
      setState('chips', (c) => c.id === id, patch);
      saveSoon();
    },
    /** Pinned chips stay after sending and go with every turn until unpinned. */
    togglePin(id: string) {
      setState(
        'chips',
        (c) => c.id === id,
        'pinned',
        (pinned) => !pinned,
      );
      save();
    },
    removeChip(id: string) {
      setState('chips', (chips) => chips.filter((c) => c.id !== id));
      save();
    },
    /** A command ran: it leaves the composer (a message leaves it when sent). */
    clearText() {
      setState('text', '');
      save();
    },
  };
}

export type Draft = ReturnType<typeof createDraft>;
