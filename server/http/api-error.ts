import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../common/api-schemas.ts';

/**
 * An expected failure with a stable code, answered as `{ error: { code, message } }`.
 * Messages are Spanish: they reach the user when the UI has no translation of the code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body every error answer carries. */
  toBody(): { error: { code: ErrorCode; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}
