import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error.ts';

/** Methods that never carry a body the API reads. */
const BODILESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
const JSON_TYPE_RE = /^application\/json\s*(;|$)/i;

/**
 * A request that carries a body (anything but `Content-Length: 0` or no body at all)
 * must say `Content-Type: application/json`. A second line beside the Origin
 * check: an HTML form or a "simple" cross-site request can only send text/plain,
 * urlencoded or multipart, so such a body is refused before any route parses it as
 * JSON. Every body the API reads is JSON; no route takes uploads or forms. A request
 * with an empty body (`POST /api/pairing/:id/approve` from a browser) passes.
 *
 * @throws ApiError 415 `unsupported_media_type`
 */
export function jsonContentType(): MiddlewareHandler {
  return async function jsonContentTypeMiddleware(c, next) {
    if (!BODILESS_METHODS.has(c.req.method) && carriesBody(c)) {
      if (!JSON_TYPE_RE.test(c.req.header('content-type') ?? '')) {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'El cuerpo de la petición debe ser JSON (Content-Type: application/json).',
        );
      }
    }
    await next();
  };
}

/**
 * HTTP/1.1 framing decides for a request off the network: without `Content-Length` or
 * `Transfer-Encoding` it has no body, though Node's server hands every DELETE and POST a
 * stream. A request built in memory (`app.request` in tests) has one when given one.
 */
function carriesBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) !== 0;
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const fromNetwork = typeof (c.env as { incoming?: unknown } | undefined)?.incoming === 'object';
  return !fromNetwork && c.req.raw.body !== null;
}
