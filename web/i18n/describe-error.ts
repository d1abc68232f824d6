import type { LinkFailed, NoticeParams } from '../../common/notice-schemas.ts';
import { ApiError, type ClientErrorCode } from '../lib/api-error.ts';
import { describeFailure, type Words } from './describe-notice.ts';
import { es, type MessageKey } from './es.ts';

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
  already_linked: 'error.already_linked',
  already_remembered: 'error.already_remembered',
  url_refused: 'error.url_refused',
  fetch_failed: 'error.fetch_failed',
  unsupported_type: 'error.unsupported_type',
  unsupported_media_type: 'error.unsupported_media_type',
  audit_unavailable: 'error.audit_unavailable',
  busy: 'error.busy',
  no_model: 'error.no_model',
  history_unavailable: 'error.history_unavailable',
  not_removable: 'error.not_removable',
  embeddings_off: 'error.embeddings_off',
  consent_required: 'error.consent_required',
  consent_mismatch: 'error.consent_mismatch',
  embeddings_paused: 'error.embeddings_paused',
  embed_failed: 'error.embed_failed',
  conversation_busy: 'error.conversation_busy',
  conversation_deleted: 'error.conversation_deleted',
  too_large: 'error.too_large',
  timeout: 'error.timeout',
  no_search_provider: 'error.no_search_provider',
  search_failed: 'error.search_failed',
  search_help_off: 'error.search_help_off',
  search_help_failed: 'error.search_help_failed',
  search_help_unreadable: 'error.search_help_unreadable',
  no_provider: 'error.no_provider',
  loopback_only: 'error.loopback_only',
  lan_off: 'error.lan_off',
  invalid_code: 'error.invalid_code',
  not_pending: 'error.not_pending',
  internal: 'error.internal',
};

/** While an answer streams, these codes mean the answer was interrupted, not the server gone. */
const ANSWER_KEYS: Readonly<Record<string, MessageKey>> = {
  network: 'chatError.network',
  bad_event: 'chatError.bad_event',
  bad_answer: 'chatError.bad_event',
};

/**
 * A failure as the UI keeps it: a thrown ApiError's fields, or an answer's error in
 * IndexedDB. `params` fill the code's words; `failures` list the provider links that failed.
 */
export interface FailureFacts {
  code: string;
  message?: string;
  params?: NoticeParams;
  failures?: LinkFailed[];
}

/** The message key that explains an error code, or null when the code is not known. */
export function errorMessageKey(code: string): MessageKey | null {
  return Object.hasOwn(KEYS, code) ? KEYS[code as ClientErrorCode] : null;
}

/**
 * Every failure the UI shows, in the UI's language: known codes get their words (filled
 * with the server's `params`), a provider chain's failures one line each; an unknown code
 * falls back to the server's message, then to a generic sentence. `during: 'answer'` words
 * a lost connection as an interrupted answer rather than an unreachable server.
 */
export function describeError(
  error: unknown,
  t: Words,
  options: { during?: 'answer' } = {},
): string {
  const facts = factsOf(error);
  if (!facts) return t('error.unknown');
  const { code, params, failures } = facts;
  if (failures && failures.length > 0) {
    const lines = failures.map((f) =>
      t('failure.line', { link: f.link, failure: describeFailure(f.failure, t) }),
    );
    if (code !== 'all_failed') return lines.join('\n');
    return [t('chatError.all_failed'), ...lines.map((l) => `- ${l}`)].join('\n');
  }
  const key =
    (options.during === 'answer' && Object.hasOwn(ANSWER_KEYS, code) ? ANSWER_KEYS[code] : null) ??
    reasonKey(code, params) ??
    errorMessageKey(code);
  if (key) return t(key, params);
  return facts.message?.trim() || t('error.unknown');
}

/** A code whose params name a `reason` has words for each: `error.invalid_path.hidden`. */
function reasonKey(code: string, params: NoticeParams | undefined): MessageKey | null {
  const key = `error.${code}.${String(params?.reason)}`;
  return Object.hasOwn(es, key) ? (key as MessageKey) : null;
}

function factsOf(error: unknown): FailureFacts | null {
  if (error instanceof ApiError) {
    return { code: error.code, message: error.message, params: error.params };
  }
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as FailureFacts).code === 'string'
  ) {
    return error as FailureFacts;
  }
  return null;
}
