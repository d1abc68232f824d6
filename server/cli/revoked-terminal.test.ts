import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { SESSION_COOKIE } from '../auth/session-middleware.ts';
import { ConversationStore } from '../conversations/conversation-store.ts';
import { terminalPrefix } from '../conversations/terminal-prefix.ts';
import { CLI_CREDENTIALS_FILE, ensureCliCredentials } from './cli-credentials.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A request on the loopback listener, as the `soma` command and the laptop's browser send. */
async function call(app: TestApp, path: string, cookie: string, init: RequestInit = {}) {
  const headers = { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' };
  return app.app.request(path, { ...init, headers }, { somaListener: 'loopback' });
}

const exchange = {
  turns: [
    { role: 'user', content: '¿Qué dice la nota del faro?' },
    { role: 'assistant', content: 'Habla de un faro en la niebla.' },
  ],
};

describe('server/cli (a revoked terminal session)', () => {
  it('refuses the revoked token, drops cli.json and keeps the conversation for the user', async () => {
    t = await buildTestApp();
    const configDir = join(t.base, 'config');
    const creds = await ensureCliCredentials({ configDir, sessions: t.sessions, url: ORIGIN });
    const terminal = `${SESSION_COOKIE}=${creds.token}`;
    const body = JSON.stringify(exchange);
    expect(
      (await call(t, '/api/conversation/turns', terminal, { method: 'POST', body })).status,
    ).toBe(204);
    const session = t.sessions.list().find((s) => s.via === 'cli')!;

    const laptop = await t.login();
    const revoked = await call(t, `/api/sessions/${session.id}`, laptop, { method: 'DELETE' });
    expect(revoked.status).toBe(204);

    expect((await call(t, '/api/conversation', terminal)).status).toBe(401);
    expect(
      (await call(t, '/api/conversation/turns', terminal, { method: 'POST', body })).status,
    ).toBe(401);
    expect(existsSync(join(configDir, CLI_CREDENTIALS_FILE))).toBe(false);

    // The conversation is the user's: still listed and readable on the laptop…
    const list = await (await call(t, '/api/conversations', laptop)).json();
    const id: string = list.conversations.find((c: { id: string }) =>
      c.id.startsWith(terminalPrefix(session.id)),
    )?.id;
    expect(id).toBeDefined();
    const page = await (await call(t, `/api/conversations/${id}`, laptop)).json();
    expect(page.turns.map((turn: { content: string }) => turn.content)).toEqual(
      exchange.turns.map((turn) => turn.content),
    );
    // …and on disk: a store opened afresh (a restart) has it with both turns.
    const reopened = await ConversationStore.open(configDir);
    expect((await reopened.page(id))?.turns).toHaveLength(2);
  });

  it('gives the next terminal session a new conversation of its own', async () => {
    t = await buildTestApp();
    const configDir = join(t.base, 'config');
    const first = await ensureCliCredentials({ configDir, sessions: t.sessions, url: ORIGIN });
    const body = JSON.stringify(exchange);
    await call(t, '/api/conversation/turns', `${SESSION_COOKIE}=${first.token}`, {
      method: 'POST',
      body,
    });
    const old = t.sessions.list().find((s) => s.via === 'cli')!;
    const laptop = await t.login();
    await call(t, `/api/sessions/${old.id}`, laptop, { method: 'DELETE' });

    const next = await ensureCliCredentials({ configDir, sessions: t.sessions, url: ORIGIN });
    expect(next.token).not.toBe(first.token);
    const answer = await call(t, '/api/conversation', `${SESSION_COOKIE}=${next.token}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ turns: [] });
  });

  it('keeps cli.json when another session is revoked', async () => {
    t = await buildTestApp();
    const configDir = join(t.base, 'config');
    const creds = await ensureCliCredentials({ configDir, sessions: t.sessions, url: ORIGIN });
    const laptop = await t.login();
    const phone = await t.sessions.create('Móvil', 'pairing', { code: 'phone', params: {} });
    await call(t, `/api/sessions/${phone.session.id}`, laptop, { method: 'DELETE' });
    expect(existsSync(join(configDir, CLI_CREDENTIALS_FILE))).toBe(true);
    const answer = await call(t, '/api/conversation', `${SESSION_COOKIE}=${creds.token}`);
    expect(answer.status).toBe(200);
  });
});
