import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error.ts';

/** Options of {@link originCheck} and {@link streamOriginCheck}. */
export interface OriginCheckOptions {
  /** The exact origins of this server's own pages (`http://127.0.0.1:4317`, …). */
  allowedOrigins: () => readonly string[];
}

/** Methods that must not change state, so a cross-site page gains nothing by sending them. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasAllowedOrigin(c: Context, opts: OriginCheckOptions): boolean {
  const origin = c.req.header('origin');
  // `null` is what sandboxed frames, file: pages and some redirects send; never trust it.
  if (origin === undefined || origin === 'null') return false;
  return opts.allowedOrigins().includes(origin);
}

function forbidden(): ApiError {
  return new ApiError(403, 'forbidden_origin', 'Origen no permitido.');
}

/**
 * For every method other than GET/HEAD/OPTIONS, requires an `Origin` header exactly
 * equal to an allowed origin. Browsers always send `Origin` on such requests, so a
 * missing one means a non-browser client or an old browser: refused too. This is on
 * top of the SameSite=Strict cookie, which alone does not stop same-site attackers
 * (another port on localhost is the same site).
 *
 * @throws ApiError 403 `forbidden_origin`
 */
export function originCheck(opts: OriginCheckOptions): MiddlewareHandler {
  return async function originCheckMiddleware(c, next) {
    if (!SAFE_METHODS.has(c.req.method) && !hasAllowedOrigin(c, opts)) throw forbidden();
    await next();
  };
}

/**
 * For streaming GETs (server-sent events), which leak data to whoever can open them.
 *
 * A browser sends no `Origin` on a same-origin GET (an `EventSource` included), so we
 * cannot demand it. But browsers always send `Sec-Fetch-Site` to potentially trustworthy
 * origins (localhost and HTTPS, which is all we serve), and a page cannot forge it. So:
 * an `Origin`, when present, must be exact; when absent, `Sec-Fetch-Site` must say
 * `same-origin`. Anything else (`cross-site`, `same-site`, `none`, missing) is refused.
 *
 * @throws ApiError 403 `forbidden_origin`
 */
export function streamOriginCheck(opts: OriginCheckOptions): MiddlewareHandler {
  return async function streamOriginCheckMiddleware(c, next) {
    const ok =
      c.req.header('origin') === undefined
        ? c.req.header('sec-fetch-site') === 'same-origin'
        : hasAllowedOrigin(c, opts);
    if (!ok) throw forbidden();
    await next();
  };
}
