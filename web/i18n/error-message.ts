import { ApiError, type ClientErrorCode } from '../lib/api-error.ts';
import type { MessageKey } from './es.ts';
import type { MessageParams } from './translate.ts';

/** Typed over every code, so a code added to the API schemas fails the type check until it has words. */
const KEYS: Readonly<Record<ClientErrorCode, MessageKey>> = {
  network: 'error.network',
  bad_answer: 'error.bad_answer',
  no_session: 'error.no_session',
  invalid_token: 'error.invalid_token',
  rate_limited: 'error.rate_limited',
  not_found: 'error.not_found',
  not_a_note: 'error.not_a_note',
  invalid_path: 'error.invalid_path',
  forbidden_origin: 'error.forbidden_origin',
  forbidden_host: 'error.forbidden_host',
  bad_request: 'error.bad_request',
  unknown_profile: 'error.unknown_profile',
  unknown_project: 'error.unknown_project',
  no_closing: 'error.no_closing',
  proposal_expired: 'error.proposal_expired',
  proposal_used: 'error.proposal_used',
  bad_signature: 'error.bad_signature',
  wrong_session: 'error.wrong_session',
  file_changed: 'error.file_changed',
  overwrite_required: 'error.overwrite_required',
  url_refused: 'error.url_refused',
  fetch_failed: 'error.fetch_failed',
  unsupported_type: 'error.unsupported_type',
  too_large: 'error.too_large',
  timeout: 'error.timeout',
  no_search_provider: 'error.no_search_provider',
  search_failed: 'error.search_failed',
  loopback_only: 'error.loopback_only',
  lan_off: 'error.lan_off',
  invalid_code: 'error.invalid_code',
  not_pending: 'error.not_pending',
  embeddings_off: 'error.embeddings_off',
  consent_required: 'error.consent_required',
  consent_mismatch: 'error.consent_mismatch',
  embed_failed: 'error.embed_failed',
  internal: 'error.internal',
};

/** The message key that explains an error code, or null when the code is not known. */
export function errorMessageKey(code: string): MessageKey | null {
  return Object.hasOwn(KEYS, code) ? KEYS[code as ClientErrorCode] : null;
}

/**
 * A readable, translated sentence for any thrown value: known codes get their
 * translation, unknown ones fall back to the server's message, then to a generic one.
 */
export function describeError(
  error: unknown,
  t: (key: MessageKey, params?: MessageParams) => string,
): string {
  if (error instanceof ApiError) {
    const key = errorMessageKey(error.code);
    if (key) return t(key);
    if (error.message.trim()) return error.message;
  }
  return t('error.unknown');
}
