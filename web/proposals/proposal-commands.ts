import type { ChatCore } from '../chat/chat-core.ts';
import type { CommandOutcome } from '../chat/interpret-command.ts';
import type { Sender } from '../chat/sender.ts';
import type { ProposalOrigin } from '../db/records.ts';
import { proposeSave, proposeWrite } from '../lib/proposals-api.ts';
import { showCommandFailure } from './explain-error.ts';
import { lastAnswer } from './last-answer.ts';
import { addProposal } from './proposal-actions.ts';

type ProposalCommand = Extract<CommandOutcome, { kind: 'save' | 'write' | 'close' }>;

/** /guardar, /registrar and /cerrar: each ends in a card the user approves or rejects. */
export async function runProposalCommand(core: ChatCore, sender: Sender, outcome: ProposalCommand) {
  const { setState } = core;
  if (outcome.kind === 'close') {
    if (core.state.turns.length === 0) {
      return setState('panel', { kind: 'notice', tone: 'info', key: 'command.nothingToClose' });
    }
    return sender.close();
  }
  const last = lastAnswer(core.state.turns);
  if (!last) return setState('panel', { kind: 'notice', tone: 'info', key: 'command.noAnswer' });
  setState('panel', { kind: 'loading', key: 'command.proposing' });
  const answer = last.turn.content;
  try {
    let origin: ProposalOrigin;
    if (outcome.kind === 'save') {
      const meta = last.turn.meta;
      const body = {
        ...(outcome.title ? { title: outcome.title } : {}),
        question: last.question,
        answer,
        meta: {
          profile: core.state.conversation?.profile ?? '',
          provider: meta?.provider ?? '',
          model: meta?.model ?? '',
          sources: (meta?.sent ?? []).map((s) => s.label),
        },
      };
      origin = { route: 'save', body };
      await addProposal(core, last.turn.id, await proposeSave(body), origin);
    } else {
      origin = { route: 'write', path: outcome.path, content: answer };
      await addProposal(core, last.turn.id, await proposeWrite(outcome.path, answer), origin);
    }
    setState('panel', { kind: 'none' });
  } catch (error) {
    showCommandFailure(core, error);
  }
}
