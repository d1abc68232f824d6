import type { ChatCore } from '../chat/chat-core.ts';
import type { CommandOutcome } from '../chat/interpret-command.ts';
import { extractPage, searchWeb } from '../lib/web-api.ts';
import { showCommandFailure } from '../proposals/explain-error.ts';

type WebCommand = Extract<CommandOutcome, { kind: 'extract' | 'webSearch' }>;

/**
 * /extraer and /web: the server fetches, the result becomes a chip the user previews,
 * trims, keeps or drops. Nothing is sent until the next message, nothing is written.
 */
export async function runWebCommand(core: ChatCore, outcome: WebCommand) {
  const { setState } = core;
  try {
    if (outcome.kind === 'extract') {
      setState('panel', {
        kind: 'loading',
        key: 'command.extracting',
        params: { url: outcome.url },
      });
      const page = await extractPage(outcome.url);
      const { url, title, site, markdown, cut } = page;
      core.addChips([{ kind: 'url', url, title, site, text: markdown, cut }]);
    } else {
      const question = outcome.question;
      setState('panel', { kind: 'loading', key: 'command.searchingWeb', params: { question } });
      const found = await searchWeb(question);
      core.addChips([
        { kind: 'web', question: found.question, text: found.answer, sources: found.sources },
      ]);
    }
    setState('panel', { kind: 'none' });
  } catch (error) {
    showCommandFailure(core, error);
  }
}
