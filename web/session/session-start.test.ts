import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../common/api-schemas.ts';
import { ApiError } from '../lib/api-error.ts';
import {
  beginBootSession,
  type SessionApi,
  startSession,
  takeBootSession,
} from './session-start.ts';

const session = { id: 's1' } as unknown as SessionInfo;

/** An api whose calls are counted; `login` and `getSession` answer or fail as told. */
function fakeApi(opts: { login?: unknown; session?: unknown }) {
  const calls: string[] = [];
  const api: SessionApi = {
    async login(token) {
      calls.push(`login ${token}`);
      if (opts.login) throw opts.login;
      return session;
    },
    async getSession() {
      calls.push('getSession');
      if (opts.session) throw opts.session;
      return session;
    },
  };
  return { api, calls };
}

describe('startSession', () => {
  it('takes the session from an accepted login without asking again', async () => {
    const { api, calls } = fakeApi({});
    expect(await startSession(api, 'tok')).toEqual({ login: 'accepted', check: { session } });
    expect(calls).toEqual(['login tok']);
  });

  it('keeps why a start-up link was refused and still checks the cookie', async () => {
    const refused = new ApiError('invalid_token', 'enlace caducado', 401);
    const { api, calls } = fakeApi({ login: refused });
    expect(await startSession(api, 'tok')).toEqual({
      login: { error: refused },
      check: { session },
    });
    expect(calls).toEqual(['login tok', 'getSession']);
  });

  it('without a link, only checks; a failed check is an outcome, not a rejection', async () => {
    const none = new ApiError('no_session', 'sin sesión', 401);
    const { api, calls } = fakeApi({ session: none });
    expect(await startSession(api, null)).toEqual({ login: 'none', check: { error: none } });
    expect(calls).toEqual(['getSession']);
  });
});

describe('the boot session', () => {
  it('is taken once: a later start makes its own', async () => {
    const { api } = fakeApi({});
    const begun = beginBootSession(api, null);
    expect(takeBootSession()).toBe(begun);
    expect(takeBootSession()).toBeNull();
    await begun;
  });
});
