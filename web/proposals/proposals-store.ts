import { createStore } from 'solid-js/store';
import type { ProposalCommand } from '../chat/chat-hooks.ts';
import { clearProposals, listProposals } from '../db/proposals-repo.ts';
import type { ProposalOrigin, TurnRecord } from '../db/records.ts';
import type { I18nStore } from '../i18n/i18n-store.ts';
import type { ChatLink, ProposalsCore, ProposalsState } from './proposals-core.ts';

/**
 * The write proposals of the open conversation. The records load with the conversation;
 * the code that asks the server for proposals and decides them loads with the first one.
 */
export function createProposalsStore(
  chat: ChatLink,
  i18n: I18nStore,
  report: (error: unknown) => void,
) {
  const [state, setState] = createStore<ProposalsState>({ records: [], busy: [] });
  const core: ProposalsCore = { state, setState, chat, i18n, report };
  type Actions = typeof import('./proposal-actions.ts');
  /** Runs a card's action once its code is here; a failure to load it goes to `report`. */
  const withActions = (use: (m: Actions) => Promise<void>) =>
    import('./proposal-actions.ts').then(use).catch(report);
  return {
    state,
    /** True while the proposal waits on the server. */
    isBusy: (id: string) => state.busy.includes(id),
    /** Loads a conversation's proposals; the setter shows them (see ChatHooks.opening). */
    async opening(conversationId: string) {
      const records = await listProposals(conversationId);
      return () => setState('records', records);
    },
    /** Deletes a conversation's proposals with its history (see ChatHooks.clearing). */
    async clearing(conversationId: string) {
      await clearProposals(conversationId);
      return () => setState('records', []);
    },
    /** A finished answer: its closing (for /cerrar) or its `[[links]]` become proposals. */
    answerFinished(turn: TurnRecord) {
      if (!becomesProposals(turn)) return;
      import('./after-answer.ts').then((m) => m.afterAnswer(core, turn)).catch(report);
    },
    /** /guardar and /registrar: each ends in a card the user approves or rejects. */
    async runCommand(outcome: ProposalCommand) {
      const m = await import('./proposal-commands.ts');
      await m.runProposalCommand(core, outcome);
    },
    /** The user decided: approve (with `overwrite` for an existing file) or reject. */
    async decide(id: string, choice: 'approve' | 'overwrite' | 'reject') {
      await withActions((m) => m.decide(core, id, choice));
    },
    /** «Deshacer»: a proposal that undoes an approved write while the file is as it left it. */
    async undo(id: string) {
      await withActions((m) => m.undo(core, id));
    },
    /** Asks the server for the proposal again (from `origin`, else its own); the new one replaces it. */
    async proposeAgain(id: string, origin?: ProposalOrigin) {
      await withActions((m) => m.proposeAgain(core, id, origin));
    },
  };
}

export type ProposalsStore = ReturnType<typeof createProposalsStore>;

/** Only a complete chat answer with a `[[link]]`, or a closing, can make proposals. */
function becomesProposals(turn: TurnRecord): boolean {
  if (turn.status !== 'complete' || turn.mode === 'summary') return false;
  return turn.mode === 'closing' || turn.content.includes('[[');
}

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The proposals drafted after an answer and the user's decisions on them. */
    proposals: ProposalsStore;
  }
}
