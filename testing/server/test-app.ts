import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import type { Harness } from '../../harness/schema.ts';
import { createApp } from '../../server/app.ts';
import { LoginTokens } from '../../server/auth/login-token.ts';
import { RateLimiter } from '../../server/auth/rate-limit.ts';
import { SessionStore } from '../../server/auth/session-store.ts';
import { forgetRevokedCliCredentials } from '../../server/cli/cli-credentials.ts';
import { ConversationStore } from '../../server/conversations/conversation-store.ts';
import {
  EmbeddingsHost,
  type EmbeddingsHostOptions,
} from '../../server/embeddings/embeddings-host.ts';
import type { EmbeddingsService } from '../../server/embeddings/embeddings-service.ts';
import { HarnessStore } from '../../server/harness/harness-store.ts';
import { HistoryStore } from '../../server/history/history-store.ts';
import { SearchPairStore } from '../../server/search-quality/search-pair-store.ts';
import { Vault } from '../../server/vault/vault.ts';
import { ensureVault } from '../../server/vault/vault-init.ts';

export const HOST = '127.0.0.1:4317';
export const ORIGIN = `http://${HOST}`;

/**
 * A harness edit for tests: one keyless provider per `id → model`, in that order, all
 * at `baseUrl` (the fake upstream); web search uses the first.
 */
export function fakeProviders(
  baseUrl: string,
  models: Record<string, string>,
  timeoutMs: number,
): (h: Harness) => Harness {
  const providers = Object.entries(models).map(([id, model]) => ({
    id,
    label: id.toUpperCase(),
    baseUrl,
    apiKeyEnv: null,
    models: [model],
    timeoutMs,
  }));
  return (h) => ({
    ...h,
    providers,
    webSearch: { ...h.webSearch, provider: providers[0]?.id ?? h.webSearch.provider },
  });
}

export interface TestApp {
  app: Hono;
  tokens: LoginTokens;
  vault: Vault;
  /** The long-term layer's host. */
  embeddings: EmbeddingsHost;
  harness: HarnessStore;
  /** The sessions (a paired phone's or the terminal's, made directly). */
  sessions: SessionStore;
  /** The synchronised conversations (an answer's text as it streams, without a model). */
  conversations: ConversationStore;
  base: string;
  logs: string[];
  /** Logs in through the start-up token and returns the `Cookie` header value. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Notes written into the vault before it starts, by vault path. */
  notes?: Record<string, string>;
  /** Changes to the shipped harness (written to a temp file the app loads). */
  harness?: (h: Harness) => Harness;
  env?: Record<string, string | undefined>;
  /** The app's clock (proposal expiry); Date.now by default. */
  clock?: () => number;
  /** Turns LAN mode on with one `host:port` name and a fake authority PEM. */
  lan?: { host: string; caCert: string };
  /** False: an existing vault SOMA did not lay out (only `notes`, none of its folders). */
  laidOut?: boolean;
  /** Builds the long-term layer over the test vault and a temp config folder. */
  embeddings?: (ctx: { vault: Vault; configDir: string }) => Promise<EmbeddingsService>;
  /** Options of the layer's host (a model mirror, the machine's cores, a quick back-off). */
  host?: Partial<EmbeddingsHostOptions>;
}

/**
 * The real app over a temp vault, a temp config folder and a copy of the
 * shipped harness; requests go through `app.request`, no port is opened.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const base = await mkdtemp(join(tmpdir(), 'soma-app-'));
  const root = join(base, 'vault');
  if (opts.laidOut === false) await mkdir(root);
  else await ensureVault(root);
  for (const [path, content] of Object.entries(opts.notes ?? {})) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const web = join(base, 'web');
  await mkdir(web);
  await writeFile(join(web, 'index.html'), '<!doctype html><title>SOMA</title>');
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const harnessFile = join(base, 'soma.json');
  await writeFile(harnessFile, JSON.stringify(opts.harness ? opts.harness(shipped) : shipped));
  const vault = new Vault(root);
  await vault.start();
  // start() gives up waiting for the watcher after a moment (a huge vault must not delay
  // start-up); a test that writes to disk next needs it watching, however busy the machine.
  await vault.ready();
  const harness = await HarnessStore.open(harnessFile);
  const tokens = new LoginTokens();
  const logs: string[] = [];
  const lan = opts.lan;
  const configDir = join(base, 'config');
  const embeddings = new EmbeddingsHost({
    harness: () => harness.current(),
    onHarnessChange: (listener) => harness.onChange(listener),
    vault,
    configDir,
    env: opts.env ?? {},
    log: (l) => logs.push(l),
    ...opts.host,
  });
  await embeddings.start();
  if (opts.embeddings) embeddings.adopt(await opts.embeddings({ vault, configDir }));
  const sessions = await SessionStore.open(join(base, 'config'));
  const conversations = await ConversationStore.open(join(base, 'config'));
  const app = createApp({
    vault,
    harness,
    sessions,
    conversations,
    history: new HistoryStore(join(base, 'config'), () => harness.current().writeHistory),
    searchPairs: await SearchPairStore.open(join(base, 'config')),
    loginTokens: tokens,
    loginLimiter: new RateLimiter({ max: 5, windowMs: 60_000 }),
    allowedHosts: () => [HOST, 'localhost:4317', ...(lan ? [lan.host] : [])],
    allowedOrigins: () => [
      ORIGIN,
      'http://localhost:4317',
      ...(lan ? [`https://${lan.host}`] : []),
    ],
    secureCookies: false,
    webRoot: web,
    version: '0.0.0-test',
    env: opts.env ?? {},
    clientKey: () => 'test',
    log: (l) => logs.push(l),
    embeddings,
    onRevoke: () => forgetRevokedCliCredentials({ configDir, sessions }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(lan
      ? {
          lan: () => ({
            caCert: () => lan.caCert,
            info: () => ({
              enabled: true,
              urls: [`https://${lan.host}`],
              caFingerprintSha256: 'AA:BB',
              caDownload: '/api/lan/ca.crt' as const,
            }),
          }),
        }
      : {}),
  });
  return {
    app,
    tokens,
    vault,
    embeddings,
    harness,
    sessions,
    conversations,
    base,
    logs,
    async login() {
      const res = await app.request('/api/session', {
        method: 'POST',
        headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ token: tokens.issue() }),
      });
      expect(res.status).toBe(200);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    },
    async close() {
      await embeddings.close();
      await vault.close();
      harness.close();
      // A login's session is written after its answer (session-store.ts).
      await sessions.flush();
      await rm(base, { recursive: true, force: true });
    },
  };
}
