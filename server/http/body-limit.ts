import type { MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.ts';

/** Methods whose requests never carry a body (a Request built for them has none). */
const BODILESS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * Refuses a request body larger than `maxSize` bytes with 413 `bad_request`, before any
 * route parses it.
 *
 * Hono's bodyLimit asks `c.req.raw.body` first, and on @hono/node-server that getter
 * builds a full fetch Request with a web stream over the socket for every API request,
 * GETs included; `c.req.json()` then reads through it. Most requests say their size
 * (`Content-Length`), which is checked here from the header alone, so the body is later
 * read straight from the socket (the adapter's fast path). A body without a declared
 * size (chunked, or a Request built in memory) is counted by Hono's middleware as before.
 */
export function bodyLimit(maxSize: number): MiddlewareHandler {
  const tooLarge = () => {
    throw new ApiError(413, 'bad_request', 'La petición es demasiado grande.');
  };
  const counted = streamingBodyLimit({ maxSize, onError: tooLarge });
  return async function bodyLimitMiddleware(c, next) {
    if (BODILESS.has(c.req.method)) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? tooLarge() : next();
    }
    return counted(c, next);
  };
}
