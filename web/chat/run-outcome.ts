import { MAX_ATTACHMENT_TEXT } from '../../common/chat-schemas.ts';
import type { ChatCore } from './chat-core.ts';
import type { CommandOutcome } from './interpret-command.ts';
import type { Sender } from './sender.ts';

/** Carries out what `interpretCommand` decided. */
export async function runOutcome(core: ChatCore, sender: Sender, outcome: CommandOutcome) {
  const { setState } = core;
  // A command is done with once it ran: clear it from the composer (a message clears on send).
  const consumed = () => {
    setState('text', '');
    core.saveDraft();
  };
  switch (outcome.kind) {
    case 'send':
      return sender.send(outcome.message);
    case 'notice':
      // A mistyped command stays in the box, to be fixed rather than retyped.
      setState('panel', { ...outcome });
      if (outcome.tone === 'info') consumed();
      return;
    case 'chips': {
      const tooLong = outcome.chips.some(
        (c) => c.kind === 'paste' && c.text.length > MAX_ATTACHMENT_TEXT,
      );
      if (tooLong)
        return setState('panel', { kind: 'notice', tone: 'error', key: 'command.tooLong' });
      core.addChips(outcome.chips);
      setState('panel', { kind: 'none' });
      return consumed();
    }
    case 'project':
      await core.patchConversation({ project: outcome.name });
      setState('panel', { kind: 'none' });
      return consumed();
    case 'profile':
      await core.patchConversation({ profile: outcome.id });
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
    case 'summary':
      consumed();
      return sender.summarize();
    case 'confirmReset':
      consumed();
      return setState('confirmingReset', true);
    case 'help':
    case 'paste':
      consumed();
      return setState('panel', { kind: outcome.kind });
    case 'extract':
    case 'webSearch': {
      consumed();
      return import('../web-context/web-commands.ts')
        .then((m) => m.runWebCommand(core, outcome))
        .catch(core.report);
    }
    case 'save':
    case 'write':
    case 'close': {
      consumed();
      return import('../proposals/proposal-commands.ts')
        .then((m) => m.runProposalCommand(core, sender, outcome))
        .catch(core.report);
    }
  }
}

async function runSearch(core: ChatCore, query: string) {
  core.setState('panel', { kind: 'search', query, status: 'loading', hits: [] });
  try {
    const { search } = await import('../search/vault-search.ts');
    const hits = await search(query);
    core.setState('panel', { kind: 'search', query, status: 'ready', hits });
  } catch (error) {
    core.setState('panel', { kind: 'search', query, status: 'error', hits: [] });
    core.report(error);
  }
}
