import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { onLoopbackListener } from '../http/listener-tag.ts';
import type { AuthEnv } from './session-middleware.ts';

/**
 * True for the laptop: a session that is not a paired phone, on a request that came in
 * on the loopback listener (main tags it; no header can fake that).
 */
export function isLaptop(c: Context<AuthEnv>): boolean {
  return onLoopbackListener(c) && c.var.session.via !== 'pairing';
}

/** The error a phone (or the LAN listener) gets for what only the laptop may do. */
export function laptopOnlyError(): ApiError {
  return new ApiError(403, 'loopback_only', 'Solo se puede hacer desde el portátil.');
}

/**
 * Only for the laptop (see {@link isLaptop}); put it after `requireSession`.
 *
 * @throws ApiError 403 `loopback_only`
 */
export const laptopOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isLaptop(c)) throw laptopOnlyError();
  await next();
};
