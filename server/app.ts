import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { Status } from '../common/api-schemas.ts';
import { authRoutes } from './auth/auth-routes.ts';
import type { LoginTokens } from './auth/login-token.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import { requireSession } from './auth/session-middleware.ts';
import type { SessionStore } from './auth/session-store.ts';
import { chatRoutes } from './chat/chat-routes.ts';
import { conversationRoutes } from './cli/conversation-routes.ts';
import type { ConversationStore } from './cli/conversation-store.ts';
import { eventsRoute } from './events/events-route.ts';
import { extractRoutes } from './extract/extract-routes.ts';
import type { HarnessStore } from './harness/harness-store.ts';
import { ApiError } from './http/api-error.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import type { LanState } from './lan/lan-info.ts';
import { lazyPairing } from './pairing/lazy-pairing.ts';
import { hostCheck } from './security/host-check.ts';
import { originCheck, streamOriginCheck } from './security/origin-check.ts';
import { secureHeaders } from './security/secure-headers.ts';
import { synapseRoutes } from './synapse/synapse-routes.ts';
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
  log?: (line: string) => void;
  /** Milliseconds since the epoch (Date.now by default); tests inject one to expire proposals. */
  clock?: () => number;
  /** LAN mode (HTTPS for phones) once it runs; absent or null when it is off. */
  lan?: () => LanState | null;
  /** Server-side conversations (the `soma` command's history); absent: no such routes. */
  conversations?: ConversationStore;
}

/** Builds SOMA's Hono app from its dependencies; only server/main.ts listens. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.onError(errorHandler(deps.log));
  app.use(secureHeaders());
  app.use(hostCheck({ allowedHosts: deps.allowedHosts }));
  app.use(originCheck({ allowedOrigins: deps.allowedOrigins }));

  const api = new Hono();
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'bad_request', 'La petición es demasiado grande.');
      },
    }),
  );
  api.route(
    '/',
    authRoutes({
      store: deps.sessions,
      tokens: deps.loginTokens,
      limiter: deps.loginLimiter,
      secureCookies: deps.secureCookies,
      clientKey: deps.clientKey,
      ...(deps.onLogin ? { onLogin: deps.onLogin } : {}),
    }),
  );
  // Pairing and LAN routes check sessions themselves: a phone claims a code before it has one.
  const pairing = lazyPairing({
    sessions: deps.sessions,
    lan: deps.lan ?? (() => null),
    clientKey: deps.clientKey,
    secureCookies: deps.secureCookies,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  for (const path of ['/pairing', '/pairing/*', '/lan', '/lan/*']) api.all(path, pairing);
  api.use(requireSession(deps.sessions));
  api.use('/events', streamOriginCheck({ allowedOrigins: deps.allowedOrigins }));
  api.route(
    '/events',
    eventsRoute({
      onVaultEvent: (listener) => deps.vault.onEvent(listener),
      onHarnessChange: (listener) => deps.harness.onChange(listener),
    }),
  );
  // JSON and the vault export (NDJSON) only: a compressed event stream would be buffered
  // and arrive in lumps, which the export does not mind.
  api.use(compress({ contentTypeFilter: /^application\/(json|x-ndjson)/ }));
  api.get('/status', (c) => {
    const status: Status = {
      app: 'soma',
      version: deps.version,
      vaultName: deps.vault.name,
      harness: deps.harness.status(),
    };
    return c.json(status);
  });
  api.route('/vault', vaultRoutes(deps.vault));
  api.route(
    '/extract',
    extractRoutes({
      harness: deps.harness,
      allowPrivate: () => deps.harness.current().extract.allowPrivateAddresses,
    }),
  );
  api.route('/web', webSearchRoutes({ harness: deps.harness, env: deps.env }));
  api.route('/chat', chatRoutes({ vault: deps.vault, harness: deps.harness, env: deps.env }));
  const conversations = deps.conversations;
  if (conversations) {
    api.route('/conversation', conversationRoutes({ store: conversations, harness: deps.harness }));
  }
  api.route(
    '/proposals',
    synapseRoutes({
      vault: deps.vault,
      ...(deps.clock ? { clock: deps.clock } : {}),
      ...(deps.log ? { log: deps.log } : {}),
    }),
  );
  // A catch-all, not notFound(): the app shell's `*` route would otherwise answer unknown API paths.
  api.all('*', apiNotFound);
  app.route('/api', api);

  if (deps.webRoot) {
    const root = deps.webRoot;
    app.use('/assets/*', async (c, next) => {
      await next();
      // File names carry a content hash, so they never change.
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use(serveStatic({ root, precompressed: true }));
    // Every other path is the app shell; the PWA routes by hash.
    app.get('*', serveStatic({ root, path: 'index.html' }));
  }
  app.notFound(apiNotFound);
  return app;
}
