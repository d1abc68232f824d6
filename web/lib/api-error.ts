import type { ErrorCode } from '../../common/api-schemas.ts';
import type { NoticeParams } from '../../common/notice-schemas.ts';

/**
 * Codes an API call can fail with: the server's own codes, plus `network` (the
 * server could not be reached) and `bad_answer` (it answered something that does
 * not match the schema). Unknown server codes are kept as sent.
 */
export type ClientErrorCode = ErrorCode | 'network' | 'bad_answer';

/** An expected failure of an API call, with a stable code for the UI to explain. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ClientErrorCode | (string & {}),
    message: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** The server's whole `error` object, for codes that carry more (file_changed: `diff`). */
    readonly details?: unknown,
    /** What fills the code's words in the UI (which path, which address, which profile). */
    readonly params: NoticeParams = {},
  ) {
    super(message);
  }
}

/** True when the error means the server could not be reached at all. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}

/** True when the error means this browser has no valid session. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'no_session';
}
