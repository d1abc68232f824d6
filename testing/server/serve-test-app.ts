import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Harness } from '../../harness/schema.ts';
import { createApp } from '../../server/app.ts';
import { LoginTokens } from '../../server/auth/login-token.ts';
import { RateLimiter } from '../../server/auth/rate-limit.ts';
import { SessionStore } from '../../server/auth/session-store.ts';
import { ensureCliCredentials } from '../../server/cli/cli-credentials.ts';
import { ConversationStore } from '../../server/conversations/conversation-store.ts';
import { HarnessStore } from '../../server/harness/harness-store.ts';
import { HistoryStore } from '../../server/history/history-store.ts';
import { SearchPairStore } from '../../server/search-quality/search-pair-store.ts';
import { Vault } from '../../server/vault/vault.ts';
import { ensureVault } from '../../server/vault/vault-init.ts';

/** The real app listening on a free loopback port, with the `soma` command's cli.json. */
export interface ServedApp {
  url: string;
  vault: string;
  configDir: string;
  /** Stops listening (the port is then refused) and removes the temp folders. */
  close(): Promise<void>;
}

/**
 * Serves SOMA as `server/main.ts` does — sessions, conversations and cli.json in a temp
 * config folder, a temp vault with `notes`, the shipped harness changed by `harness` —
 * so a client that speaks HTTP (the `soma` command) can be tested against it.
 */
export async function serveTestApp(
  opts: { notes?: Record<string, string>; harness?: (h: Harness) => Harness } = {},
): Promise<ServedApp> {
  const base = await mkdtemp(join(tmpdir(), 'soma-served-'));
  const root = join(base, 'vault');
  const configDir = join(base, 'config');
  await ensureVault(root);
  for (const [path, content] of Object.entries(opts.notes ?? {})) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const harnessFile = join(base, 'soma.json');
  await writeFile(harnessFile, JSON.stringify(opts.harness ? opts.harness(shipped) : shipped));
  const vault = new Vault(root);
  await vault.start();
  const harness = await HarnessStore.open(harnessFile);
  const sessions = await SessionStore.open(configDir);
  let port = 0;
  const hosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const app = createApp({
    vault,
    harness,
    sessions,
    conversations: await ConversationStore.open(configDir),
    history: new HistoryStore(configDir, () => harness.current().writeHistory),
    searchPairs: await SearchPairStore.open(configDir),
    loginTokens: new LoginTokens(),
    loginLimiter: new RateLimiter({ max: 5, windowMs: 60_000 }),
    allowedHosts: hosts,
    allowedOrigins: () => hosts().map((h) => `http://${h}`),
    secureCookies: false,
    webRoot: null,
    version: '0.0.0-test',
    env: {},
    clientKey: () => 'test',
  });
  const server = await new Promise<Server>((resolve) => {
    // Tagged as main tags its loopback listener: the terminal's token counts only there.
    const fetch = (req: Request, env: object) =>
      app.fetch(req, { ...env, somaListener: 'loopback' });
    const s = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server));
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  await ensureCliCredentials({ configDir, sessions, url });
  return {
    url,
    vault: root,
    configDir,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await vault.close();
      harness.close();
      // A login's session is written after its answer (session-store.ts).
      await sessions.flush();
      await rm(base, { recursive: true, force: true });
    },
  };
}
