import { describeError } from '../i18n/error-message.ts';
import type { Translate } from '../i18n/i18n-store.ts';
import { ApiError } from '../lib/api-error.ts';

/**
 * Codes whose server message says more than our translation: which URL was refused
 * and why, what type a page was and what to do instead, which path is not valid.
 */
const SERVER_WORDED = new Set([
  'url_refused',
  'unsupported_type',
  'no_search_provider',
  'invalid_path',
]);

/** A failure in words for the user: the server's own sentence where it carries the hint. */
export function explainError(error: unknown, t: Translate): string {
  if (error instanceof ApiError && SERVER_WORDED.has(error.code) && error.message.trim()) {
    return error.message;
  }
  return describeError(error, t);
}
