import type { SessionInfo } from '../../common/api-schemas.ts';

/** The two calls a start needs (lib/api.ts's, passed in: the entry script loads that module itself). */
export interface SessionApi {
  login(token: string): Promise<SessionInfo>;
  getSession(): Promise<SessionInfo>;
}

/** How a start went: the start-up link's exchange, then the session. */
export interface SessionStart {
  /** 'none': no start-up link; 'accepted'; or the error that refused it. */
  login: 'none' | 'accepted' | { error: unknown };
  /** The session (the login's answer, or the server's answer to the cookie), or why there is none. */
  check: { session: SessionInfo } | { error: unknown };
}

/**
 * Pairs with a start-up link's token if there is one, then asks for the session
 * (not again when the login answered it). Never rejects: the caller shows what failed.
 */
export async function startSession(api: SessionApi, token: string | null): Promise<SessionStart> {
  let login: SessionStart['login'] = 'none';
  if (token) {
    try {
      return { login: 'accepted', check: { session: await api.login(token) } };
    } catch (error) {
      login = { error };
    }
  }
  try {
    return { login, check: { session: await api.getSession() } };
  } catch (error) {
    return { login, check: { error } };
  }
}

let atBoot: Promise<SessionStart> | null = null;

/**
 * Starts the session from the entry script, as soon as the IO module is there and
 * before the rest of the app loads, so that its round trips overlap the loading of
 * the app's modules instead of following the first render. The session store
 * takes the outcome (`takeBootSession`).
 */
export function beginBootSession(api: SessionApi, token: string | null): Promise<SessionStart> {
  atBoot = startSession(api, token);
  return atBoot;
}

/** The boot's start, once (a later start, a link pasted into an open tab, makes its own). */
export function takeBootSession(): Promise<SessionStart> | null {
  const taken = atBoot;
  atBoot = null;
  return taken;
}
