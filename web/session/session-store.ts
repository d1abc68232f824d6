import { createSignal } from 'solid-js';
import type { SessionInfo } from '../../common/api-schemas.ts';
import { getSession, login } from '../lib/api.ts';
import { ApiError, isSessionError } from '../lib/api-error.ts';
import { takeLoginToken } from './login-link.ts';
import { type SessionStart, startSession, takeBootSession } from './session-start.ts';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

/** Whether this browser is paired with the server, and how the last pairing attempt went. */
export function createSessionStore(report: (error: unknown) => void) {
  const [status, setStatus] = createSignal<SessionStatus>('checking');
  const [session, setSession] = createSignal<SessionInfo | null>(null);
  /** Why the start-up link was refused (`invalid_token`, `rate_limited`), if it was. */
  const [loginError, setLoginError] = createSignal<string | null>(null);

  /** Shows a session check's outcome. Returns true when signed in. */
  const checked = (outcome: SessionStart['check']): boolean => {
    if ('session' in outcome) {
      setSession(outcome.session);
      setStatus('signed-in');
      return true;
    }
    if (isSessionError(outcome.error)) setStatus('signed-out');
    else report(outcome.error);
    return false;
  };

  /** Asks the server whether the cookie is a valid session. Returns true when signed in. */
  const check = async (): Promise<boolean> =>
    checked((await startSession({ login, getSession }, null)).check);

  return {
    status,
    session,
    loginError,
    check,
    /** Any call answered `no_session`: the session was revoked or expired. */
    signOut() {
      setSession(null);
      setStatus('signed-out');
    },
    /**
     * Pairs with a `#login=<token>` start-up link if the URL has one, then checks the
     * session: the start the entry script began, the first time (session-start.ts).
     */
    async start(): Promise<boolean> {
      // Gone from the URL whatever the result: a one-time token is useless afterwards.
      const started = takeBootSession() ?? startSession({ login, getSession }, takeLoginToken());
      const outcome = await started;
      if (outcome.login === 'accepted') setLoginError(null);
      else if (outcome.login !== 'none') {
        const { error } = outcome.login;
        if (error instanceof ApiError && error.code !== 'network') setLoginError(error.code);
        else report(error);
      }
      return checked(outcome.check);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** This device's session: signed in, checking, or signed out. */
    session: SessionStore;
  }
}
