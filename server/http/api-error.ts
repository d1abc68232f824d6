import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../common/api-schemas.ts';
import type { NoticeParams } from '../../common/notice-schemas.ts';

/**
 * An expected failure with a stable code, answered as `{ error: { code, message, params? } }`.
 * The message is Spanish, for API users and the CLI; the PWA words `code` and `params`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    /** What fills the code's words in the UI: which path, which address, which profile. */
    readonly params?: NoticeParams,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body every error answer carries. */
  toBody(): { error: { code: ErrorCode; message: string; params?: NoticeParams } } {
    const error = { code: this.code, message: this.message };
    return { error: this.params ? { ...error, params: this.params } : error };
  }
}
