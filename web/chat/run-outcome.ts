import { MAX_ATTACHMENT_TEXT } from '../../common/chat-schemas.ts';
import type { ChipInput } from '../db/records.ts';
import { searchHash } from '../router/route.ts';
import type { ChatCore } from './chat-core.ts';
import type { Conversations } from './conversations.ts';
import type { Draft } from './draft.ts';
import type { CommandOutcome } from './interpret-command.ts';
import type { Sender } from './sender.ts';

/** The parts of the chat store a command may use. */
export interface ChatParts {
  core: ChatCore;
  draft: Draft;
  conversations: Conversations;
  sender: Sender;
}

/** Carries out what `interpretCommand` decided. */
export async function runOutcome(parts: ChatParts, outcome: CommandOutcome) {
  const { core, draft, sender } = parts;
  const { setState } = core;
  // A command is done with once it ran: clear it from the composer (a message clears on send).
  const consumed = () => draft.clearText();
  switch (outcome.kind) {
    case 'send':
      return sender.send(outcome.message);
    case 'notice':
      // A mistyped command stays in the box, to be fixed rather than retyped.
      setState('panel', { ...outcome });
      if (outcome.tone === 'info') consumed();
      return;
    case 'chips':
      return addChips(parts, outcome.chips);
    case 'project':
      await parts.conversations.patch({ project: outcome.name });
      setState('panel', { kind: 'none' });
      return consumed();
    case 'profile':
      await parts.conversations.patch({ profile: outcome.id });
      setState('panel', {
        kind: 'notice',
        tone: 'info',
        key: 'command.profileSet',
        params: { id: outcome.id },
      });
      return consumed();
    case 'search':
      consumed();
      return runSearch(core, outcome.query);
    case 'modelSearch':
      consumed();
      return openModelSearch(outcome.query);
    case 'summary':
      consumed();
      return sender.summarize();
    case 'close':
      consumed();
      if (core.state.turns.length === 0) {
        return setState('panel', { kind: 'notice', tone: 'info', key: 'command.nothingToClose' });
      }
      return sender.close();
    case 'confirmReset':
      consumed();
      return setState('confirmingReset', true);
    case 'help':
      consumed();
      // Always both fields: the store merges objects, and a stale id would narrow the table.
      return setState('panel', { kind: 'help', id: outcome.id ?? null });
    case 'paste':
      consumed();
      return setState('panel', { kind: 'paste' });
    case 'extract':
    case 'webSearch':
      consumed();
      return core.hooks.webCommand(outcome).catch(core.report);
    case 'save':
    case 'write':
    case 'append':
    case 'remember':
      consumed();
      return core.hooks.proposalCommand(outcome).catch(core.report);
  }
}

function addChips(parts: ChatParts, chips: readonly ChipInput[]) {
  const { setState } = parts.core;
  const tooLong = chips.some((c) => c.kind === 'paste' && c.text.length > MAX_ATTACHMENT_TEXT);
  if (tooLong) return setState('panel', { kind: 'notice', tone: 'error', key: 'command.tooLong' });
  parts.draft.addChips(chips);
  setState('panel', { kind: 'none' });
  parts.draft.clearText();
}

async function runSearch(core: ChatCore, query: string) {
  core.setState('panel', { kind: 'search', query, status: 'loading', hits: [] });
  try {
    const { search } = await import('../search/worker/vault-search.ts');
    const hits = await search(query);
    core.setState('panel', { kind: 'search', query, status: 'ready', hits });
  } catch (error) {
    core.setState('panel', { kind: 'search', query, status: 'error', hits: [] });
    core.report(error);
  }
}

/** `/buscar --modelo`: the search view for the term, which asks the model as it opens. */
async function openModelSearch(query: string) {
  const { requestModelHelp } = await import('../search-help/model-help-request.ts');
  requestModelHelp(query);
  location.hash = searchHash(query);
}
