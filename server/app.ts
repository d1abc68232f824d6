import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { Status } from '../common/api-schemas.ts';
import { embeddingsOffStatus } from '../common/embedding-schemas.ts';
import { authRoutes } from './auth/auth-routes.ts';
import type { LoginTokens } from './auth/login-token.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import { requireSession } from './auth/session-middleware.ts';
import type { SessionStore } from './auth/session-store.ts';
import { chatRoutes } from './chat/chat-routes.ts';
import { conversationRoutes } from './cli/conversation-routes.ts';
import { conversationsRoutes } from './conversations/conversation-routes.ts';
import type { ConversationStore } from './conversations/conversation-store.ts';
import type { EmbeddingsHost } from './embeddings/embeddings-host.ts';
import { embeddingsRoutes } from './embeddings/embeddings-routes.ts';
import { eventsRoute } from './events/events-route.ts';
import { extractRoutes } from './extract/extract-routes.ts';
import type { HarnessStore } from './harness/harness-store.ts';
import { historyRoutes } from './history/history-routes.ts';
import type { HistoryStore } from './history/history-store.ts';
import { ApiError } from './http/api-error.ts';
import { bodyLimit } from './http/body-limit.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { serveWeb } from './http/serve-web.ts';
import type { LanState } from './lan/lan-info.ts';
import { lazyPairing } from './pairing/lazy-pairing.ts';
import { AuditHealth } from './proposals/audit-health.ts';
import { proposalRoutes } from './proposals/proposal-routes.ts';
import { searchHelpRoutes } from './search-help/search-help-routes.ts';
import { searchPairRoutes } from './search-quality/search-pair-routes.ts';
import type { SearchPairStore } from './search-quality/search-pair-store.ts';
import { hostCheck } from './security/host-check.ts';
import { jsonContentType } from './security/json-content-type.ts';
import { configuredKeys, redactingLog } from './security/key-redaction.ts';
import { originCheck, streamOriginCheck } from './security/origin-check.ts';
import { secureHeaders } from './security/secure-headers.ts';
import type { Vault } from './vault/vault.ts';
import { vaultRoutes } from './vault/vault-routes.ts';
import { webSearchRoutes } from './web-search/web-search-routes.ts';

/** Largest JSON body any route accepts; bigger requests are refused before parsing. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Everything the app needs, so tests can build it with a temp vault and no port. */
export interface AppDeps {
  vault: Vault;
  harness: HarnessStore;
  sessions: SessionStore;
  loginTokens: LoginTokens;
  loginLimiter: RateLimiter;
  /** Exact `host:port` values a request may carry in its Host header. */
  allowedHosts: () => readonly string[];
  /** Exact origins allowed to change state or open a stream. */
  allowedOrigins: () => readonly string[];
  secureCookies: boolean;
  /** The built PWA (dist/web); null serves the API alone. */
  webRoot: string | null;
  version: string;
  /** Identifies a client for rate limiting (its address). */
  clientKey: (c: Context) => string;
  /** Where the harness's `apiKeyEnv` names are looked up (process.env in production). */
  env: Record<string, string | undefined>;
  /** Called after a successful login (main mints and prints a fresh link). */
  onLogin?: () => void;
  /** Called after a session is revoked (main drops a `cli.json` whose token died with it). */
  onRevoke?: () => Promise<void>;
  log?: (line: string) => void;
  /** Milliseconds since the epoch (Date.now by default); tests inject one to expire proposals. */
  clock?: () => number;
  /** LAN mode (HTTPS for phones) once it runs; absent or null when it is off. */
  lan?: () => LanState | null;
  /** Every device's conversations, synchronised (the `soma` command's too). */
  conversations: ConversationStore;
  /** Every approved write's previous and new bytes, in `<configDir>/history`. */
  history: HistoryStore;
  /** The user's «¿Era esta?» pairs (question → chosen note), kept on the laptop. */
  searchPairs: SearchPairStore;
  /**
   * The long-term layer's host (the harness's section or the downloadable model, started at
   * run time); absent or null: lexical search only, and the status says the layer is off.
   */
  embeddings?: EmbeddingsHost | null;
}

/**
 * /api/embeddings without a host: the status says the layer is off (with the code that
 * tells the UI how to turn it on) and every other route is 409 `embeddings_off`.
 */
function embeddingsOff(): MiddlewareHandler {
  return async function embeddings(c) {
    if (c.req.method === 'GET' && c.req.path === '/api/embeddings/status') {
      return c.json(embeddingsOffStatus());
    }
    throw new ApiError(409, 'embeddings_off', 'La búsqueda semántica está apagada en el arnés.');
  };
}

/** Builds SOMA's Hono app from its dependencies; only server/main.ts listens. */
export function createApp(deps: AppDeps): Hono {
  // Every log line loses the configured keys, whatever put them there (an error's stack, a path).
  const log = redactingLog(deps.log ?? console.error, () =>
    configuredKeys(deps.harness.current().providers, deps.env),
  );
  const app = new Hono();
  app.onError(errorHandler(log));
  app.use(secureHeaders());
  app.use(hostCheck({ allowedHosts: deps.allowedHosts }));
  app.use(originCheck({ allowedOrigins: deps.allowedOrigins }));

  const api = new Hono();
  api.use(jsonContentType());
  api.use(bodyLimit(MAX_BODY_BYTES));
  api.route(
    '/',
    authRoutes({
      store: deps.sessions,
      tokens: deps.loginTokens,
      limiter: deps.loginLimiter,
      secureCookies: deps.secureCookies,
      clientKey: deps.clientKey,
      ...(deps.onLogin ? { onLogin: deps.onLogin } : {}),
      ...(deps.onRevoke ? { onRevoke: deps.onRevoke } : {}),
    }),
  );
  // Pairing and LAN routes check sessions themselves: a phone claims a code before it has one.
  const pairing = lazyPairing({
    sessions: deps.sessions,
    lan: deps.lan ?? (() => null),
    clientKey: deps.clientKey,
    secureCookies: deps.secureCookies,
    ...(deps.clock ? { clock: deps.clock } : {}),
    log,
  });
  for (const path of ['/pairing', '/pairing/*', '/lan', '/lan/*']) api.all(path, pairing);
  api.use(requireSession(deps.sessions));
  api.use('/events', streamOriginCheck({ allowedOrigins: deps.allowedOrigins }));
  api.route(
    '/events',
    eventsRoute({
      onVaultEvent: (listener) => deps.vault.onEvent(listener),
      onHarnessChange: (listener) => deps.harness.onChange(listener),
      onEmbeddingsChange: (listener) => deps.embeddings?.onChange(listener) ?? (() => {}),
      onConversationEvent: (listener) => deps.conversations.onEvent(listener),
      // A revoked session's open stream ends at the next event or heartbeat.
      isLive: (sessionId) => deps.sessions.list().some((s) => s.id === sessionId),
    }),
  );
  // JSON and the vault export (NDJSON) only: a compressed event stream would be buffered
  // and arrive in lumps, which the export does not mind.
  api.use(compress({ contentTypeFilter: /^application\/(json|x-ndjson)/ }));
  const audit = new AuditHealth(deps.vault.root);
  api.get('/status', async (c) => {
    const status: Status = {
      app: 'soma',
      version: deps.version,
      vaultName: deps.vault.name,
      harness: deps.harness.status(),
      audit: await audit.status(),
      history: await deps.history.usage(),
    };
    return c.json(status);
  });
  api.route('/vault', vaultRoutes(deps.vault));
  if (deps.embeddings) api.route('/embeddings', embeddingsRoutes(deps.embeddings));
  else api.all('/embeddings/*', embeddingsOff());
  api.route(
    '/extract',
    extractRoutes({
      harness: deps.harness,
      allowPrivate: () => deps.harness.current().extract.allowPrivateAddresses,
    }),
  );
  api.route('/web', webSearchRoutes({ harness: deps.harness, env: deps.env }));
  api.route('/search/help', searchHelpRoutes({ harness: deps.harness, env: deps.env }));
  api.route(
    '/chat',
    chatRoutes({
      vault: deps.vault,
      harness: deps.harness,
      env: deps.env,
      onAnswerText: (id, text) => deps.conversations.answerProgress(id, text),
    }),
  );
  api.route(
    '/conversation',
    conversationRoutes({ store: deps.conversations, harness: deps.harness }),
  );
  api.route('/conversations', conversationsRoutes(deps.conversations));
  api.route(
    '/search-pairs',
    searchPairRoutes({ store: deps.searchPairs, ...(deps.clock ? { clock: deps.clock } : {}) }),
  );
  api.route(
    '/proposals',
    proposalRoutes({
      vault: deps.vault,
      history: deps.history,
      ...(deps.clock ? { clock: deps.clock } : {}),
      log,
      audit,
      userContextNote: () => deps.harness.current().userContextNote,
    }),
  );
  api.route('/history', historyRoutes(deps.history, deps.vault.root));
  // A catch-all, not notFound(): the app shell's `*` route would otherwise answer unknown API paths.
  api.all('*', apiNotFound);
  app.route('/api', api);

  if (deps.webRoot) serveWeb(app, deps.webRoot);
  app.notFound(apiNotFound);
  return app;
}
