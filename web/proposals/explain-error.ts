import type { ChatCore } from '../chat/chat-core.ts';
import { describeError } from '../i18n/describe-error.ts';

/** Shows a command's failure, in words, in the chat's command panel. */
export function showCommandFailure(core: ChatCore, error: unknown): void {
  core.setState('panel', {
    kind: 'notice',
    tone: 'error',
    key: 'command.failed',
    params: { message: describeError(error, core.i18n.t) },
  });
}
