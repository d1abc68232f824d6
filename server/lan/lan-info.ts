import type { Context } from 'hono';

/** What `GET /api/lan` answers: where phones reach SOMA and how to trust it. */
export interface LanInfo {
  enabled: boolean;
  /** `https://<name>:<port>` for each LAN name, the preferred one first. */
  urls: string[];
  /** `AB:CD:…` of the local authority, to compare on the phone. */
  caFingerprintSha256: string | null;
  caDownload: '/api/lan/ca.crt';
}

/** LAN mode as the app sees it; null when it is off. Kept free of heavy imports. */
export interface LanState {
  info(): LanInfo;
  caCert(): string;
}

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
