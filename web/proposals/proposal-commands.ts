import type { ProposalCommand } from '../chat/chat-hooks.ts';
import type { ProposalOrigin } from '../db/records.ts';
import { describeError } from '../i18n/describe-error.ts';
import { proposeAppend, proposeRemember, proposeSave, proposeWrite } from '../lib/proposals-api.ts';
import { anchorTurnId, lastAnswer } from './last-answer.ts';
import { addProposal } from './proposal-actions.ts';
import type { ProposalsCore } from './proposals-core.ts';
import { renderConversation } from './render-conversation.ts';

/** /guardar, /registrar, /anexar and /recuerda: each ends in a card the user approves or rejects. */
export async function runProposalCommand(core: ProposalsCore, outcome: ProposalCommand) {
  const { chat } = core;
  if (outcome.kind === 'remember') {
    // Made from no answer: the card stays where it was asked for, under the newest answer.
    const anchor = anchorTurnId(chat.state.turns);
    chat.showLoading('command.proposing');
    try {
      const origin: ProposalOrigin = { route: 'remember', text: outcome.text };
      await addProposal(core, anchor, await proposeRemember(outcome.text), origin);
      chat.closePanel();
    } catch (error) {
      chat.commandFailed(describeError(error, core.i18n.t));
    }
    return;
  }
  if (outcome.kind === 'export') return exportConversation(core);
  const last = lastAnswer(chat.state.turns);
  if (!last) return chat.showNotice('info', 'command.noAnswer');
  chat.showLoading('command.proposing');
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
          profile: chat.state.conversation?.profile ?? '',
          provider: meta?.provider ?? '',
          model: meta?.model ?? '',
          sources: (meta?.sent ?? []).map((s) => s.label),
        },
      };
      origin = { route: 'save', body };
      await addProposal(core, last.turn.id, await proposeSave(body), origin);
    } else if (outcome.kind === 'append') {
      origin = { route: 'append', path: outcome.path, content: answer };
      await addProposal(core, last.turn.id, await proposeAppend(outcome.path, answer), origin);
    } else {
      origin = { route: 'write', path: outcome.path, content: answer };
      await addProposal(core, last.turn.id, await proposeWrite(outcome.path, answer), origin);
    }
    chat.closePanel();
  } catch (error) {
    chat.commandFailed(describeError(error, core.i18n.t));
  }
}

/** The open conversation as a note in `05_Salida/`, named after its title (a save proposal). */
async function exportConversation(core: ProposalsCore) {
  const { chat } = core;
  const t = core.i18n.t;
  const answer = renderConversation(chat.state.turns, { you: t('export.you'), soma: 'SOMA' });
  if (answer === '') return chat.showNotice('info', 'export.empty');
  const anchor = anchorTurnId(chat.state.turns);
  chat.showLoading('command.proposing');
  try {
    const title = t('export.title', {
      title: chat.state.conversation?.title || t('chat.untitled'),
    });
    const body = {
      title: title.slice(0, 200),
      question: '',
      answer,
      meta: {
        profile: chat.state.conversation?.profile ?? '',
        provider: '',
        model: '',
        sources: [],
      },
    };
    await addProposal(core, anchor, await proposeSave(body), { route: 'save', body });
    chat.closePanel();
  } catch (error) {
    chat.commandFailed(describeError(error, core.i18n.t));
  }
}
