import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/api-error.ts';
import { onLoopbackListener } from '../http/listener-tag.ts';
import type { SessionStore, StoredSession } from './session-store.ts';

/** The name of the HttpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'soma_session';

/** The Hono environment of routes behind {@link requireSession}: `c.var.session` is set. */
export type AuthEnv = { Variables: { session: StoredSession } };

/**
 * Lets the request through only with the cookie of a live session, which it puts in
 * `c.var.session`. A revoked session fails on its very next request. The terminal's
 * session counts on the loopback listener only: its token sits in a file on the laptop,
 * and a copy of it carried to another machine must not open the vault over the LAN.
 *
 * @throws ApiError 401 `no_session`
 */
export function requireSession(store: SessionStore) {
  return createMiddleware<AuthEnv>(async function requireSessionMiddleware(c, next) {
    const token = getCookie(c, SESSION_COOKIE);
    const found = token ? store.verify(token) : null;
    const session = found?.via === 'cli' && !onLoopbackListener(c) ? null : found;
    if (!session) throw new ApiError(401, 'no_session', 'No hay sesión: abre el enlace de acceso.');
    c.set('session', session);
    await next();
  });
}
