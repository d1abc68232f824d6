import type { SetStoreFunction } from 'solid-js/store';
import type { MessageKey } from '../i18n/es.ts';
import type { MessageParams } from '../i18n/translate.ts';
import type { ChatState } from './chat-state.ts';

/** What other features may show in the command panel, each as one narrow action. */
export function createPanelActions(setState: SetStoreFunction<ChatState>) {
  const withParams = (params?: MessageParams) => (params ? { params } : {});
  return {
    closePanel: () => setState('panel', { kind: 'none' }),
    showNotice(tone: 'error' | 'info', key: MessageKey, params?: MessageParams) {
      setState('panel', { kind: 'notice', tone, key, ...withParams(params) });
    },
    /** A command waits on the server (a page, a web search, a proposal). */
    showLoading(key: MessageKey, params?: MessageParams) {
      setState('panel', { kind: 'loading', key, ...withParams(params) });
    },
    /** A command failed; `message` says why, already in the user's words. */
    commandFailed(message: string) {
      setState('panel', {
        kind: 'notice',
        tone: 'error',
        key: 'command.failed',
        params: { message },
      });
    },
  };
}
