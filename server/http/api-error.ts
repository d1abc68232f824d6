import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../common/api-schemas.ts';
import type { NoticeParams } from '../../common/notice-schemas.ts';

/** What an error answer carries beside its status, code and message. */
export interface ApiErrorOptions {
  /** What fills the code's words in the UI: which path, which address, which profile. */
  params?: NoticeParams;
  /** Headers of the answer (`Retry-After`, `Cache-Control`). */
  headers?: Record<string, string>;
  /** Further fields of the `error` object that a route documents (a refused write's diff). */
  fields?: Record<string, unknown>;
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; params?: NoticeParams; [field: string]: unknown };
}

/**
 * An expected failure with a stable code, answered as `{ error: { code, message, params? } }`.
 * The message is Spanish, for API users and the CLI; the PWA words `code` and `params`.
 * Thrown from a route (the error handler answers it) or answered at once with `toResponse`.
 */
export class ApiError extends Error {
  readonly params: NoticeParams | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly #fields: Record<string, unknown> | undefined;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.params = options.params;
    this.headers = options.headers;
    this.#fields = options.fields;
  }

  /** The JSON body the answer carries. */
  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.params ? { params: this.params } : {}),
        ...this.#fields,
      },
    };
  }

  /** The whole answer: status, body and headers. */
  toResponse(c: Context): Response {
    return c.json(this.toBody(), this.status, this.headers);
  }
}
