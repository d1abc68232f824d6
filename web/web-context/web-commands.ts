import type { WebCommand } from '../chat/chat-hooks.ts';
import type { ChatStore } from '../chat/chat-store.ts';
import { describeError } from '../i18n/describe-error.ts';
import type { Translate } from '../i18n/i18n-store.ts';
import { extractPage, searchWeb } from '../lib/web-api.ts';

/** What a web command uses of the chat: the chips it adds and the command panel. */
export type WebCommandChat = Pick<
  ChatStore,
  'addChips' | 'showLoading' | 'closePanel' | 'commandFailed'
>;

/**
 * /extraer and /web: the server fetches, the result becomes a chip the user previews,
 * trims, keeps or drops. Nothing is sent until the next message, nothing is written.
 */
export async function runWebCommand(chat: WebCommandChat, t: Translate, outcome: WebCommand) {
  try {
    if (outcome.kind === 'extract') {
      chat.showLoading('command.extracting', { url: outcome.url });
      const page = await extractPage(outcome.url);
      const { url, title, site, markdown, cut } = page;
      chat.addChips([{ kind: 'url', url, title, site, text: markdown, cut }]);
    } else {
      const question = outcome.question;
      chat.showLoading('command.searchingWeb', { question });
      const found = await searchWeb(question);
      chat.addChips([
        { kind: 'web', question: found.question, text: found.answer, sources: found.sources },
      ]);
    }
    chat.closePanel();
  } catch (error) {
    chat.commandFailed(describeError(error, t));
  }
}
