import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error.ts';

/** Options of {@link hostCheck}. */
export interface HostCheckOptions {
  /**
   * The `Host` values this server answers to, as a browser sends them (`127.0.0.1:4317`,
   * `localhost:4317`, `[::1]:4317`). Read on every request so the list can follow the
   * bound address and port.
   */
  allowedHosts: () => readonly string[];
}

/**
 * Refuses any request whose `Host` header is not exactly one of the allowed hosts.
 *
 * This is the defence against DNS rebinding: a web page on `evil.example` can make its
 * name resolve to 127.0.0.1, but the browser still sends `Host: evil.example`. Matching
 * is exact (case-insensitive only, as host names are), never by prefix or suffix, so
 * `localhost.evil.example` or `127.0.0.1.nip.io:4317` never pass, and the port counts.
 *
 * @throws ApiError 403 `forbidden_host`
 */
export function hostCheck(opts: HostCheckOptions): MiddlewareHandler {
  return async function hostCheckMiddleware(c, next) {
    const host = c.req.header('host')?.toLowerCase();
    const allowed = host !== undefined && opts.allowedHosts().some((h) => h.toLowerCase() === host);
    if (!allowed) throw new ApiError(403, 'forbidden_host', 'Host no permitido.');
    await next();
  };
}
