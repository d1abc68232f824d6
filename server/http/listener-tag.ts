import type { Context } from 'hono';

/** The env key the listeners set so a route knows which one a request came in on. */
export type ListenerEnv = { somaListener?: 'loopback' | 'lan' };

/**
 * True only for requests that came in on the plain-HTTP loopback listener: main tags
 * that listener's requests, so neither a header nor the LAN listener can claim it.
 */
export function onLoopbackListener(c: Context): boolean {
  return (c.env as ListenerEnv | undefined)?.somaListener === 'loopback';
}

/** True for requests that came in over HTTPS on the LAN listener. */
export function onLanListener(c: Context): boolean {
  return (c.env as ListenerEnv | undefined)?.somaListener === 'lan';
}
