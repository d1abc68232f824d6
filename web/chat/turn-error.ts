import { errorMessageKey } from '../i18n/error-message.ts';
import type { MessageKey } from '../i18n/es.ts';
import type { Translate } from '../i18n/i18n-store.ts';

/** Codes of the chat stream that the PWA explains in its own words. */
const CHAT_KEYS: Readonly<Record<string, MessageKey>> = {
  network: 'chatError.network',
  bad_event: 'chatError.bad_event',
  bad_answer: 'chatError.bad_event',
};

/**
 * A failed answer in words: our translation when the code is known, else the
 * server's own sentence (already readable Spanish: "Ningún proveedor pudo contestar: …").
 */
export function describeTurnError(error: { code: string; message: string }, t: Translate): string {
  const key = CHAT_KEYS[error.code] ?? errorMessageKey(error.code);
  if (key && key !== 'error.internal') return t(key);
  return error.message.trim() || t('error.unknown');
}
