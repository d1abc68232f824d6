import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { ClaimBodySchema, ClaimStatusBodySchema } from '../../common/pairing-schemas.ts';
import { laptopOnly } from '../auth/laptop-only.ts';
import { RateLimiter, tooManyAttempts } from '../auth/rate-limit.ts';
import { type AuthEnv, requireSession, SESSION_COOKIE } from '../auth/session-middleware.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { ApiError } from '../http/api-error.ts';
import { errorHandler } from '../http/error-handler.ts';
import { onLanListener } from '../http/listener-tag.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { LanState } from '../lan/lan-info.ts';
import { PairingStore } from './pairing-store.ts';

/** Claim attempts one client may make per minute; every attempt counts, good or bad. */
const CLAIMS_PER_MINUTE = 10;
/** How long the phone's browser keeps its session cookie; the session lasts until revoked. */
const COOKIE_MAX_AGE_SEC = 365 * 24 * 60 * 60;

/** What {@link pairingRoutes} needs from the app. */
export interface PairingDeps {
  sessions: SessionStore;
  /** LAN mode when it is on; null otherwise. */
  lan: () => LanState | null;
  clientKey: (c: Context) => string;
  secureCookies: boolean;
  clock?: () => number;
  log?: (line: string) => void;
}

/**
 * Phone pairing and LAN information, under `/api/pairing` and `/api/lan`. Built on the
 * first request to either (see lazy-pairing.ts), so none of it loads at start-up.
 */
export function pairingRoutes(deps: PairingDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>().basePath('/api');
  app.onError(errorHandler(deps.log));
  const pairings = new PairingStore(deps.clock);
  const limiter = new RateLimiter({
    max: CLAIMS_PER_MINUTE,
    windowMs: 60_000,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const session = requireSession(deps.sessions);
  const laptop = [session, laptopOnly] as const;
  const lanOn = (): LanState => {
    const lan = deps.lan();
    if (!lan)
      throw new ApiError(409, 'lan_off', 'El modo LAN está apagado: arranca SOMA con --lan.');
    return lan;
  };

  // The authority is public: the phone fetches it before it can trust anything.
  app.get('/lan/ca.crt', (c) =>
    c.body(lanOn().caCert(), 200, {
      'Content-Type': 'application/x-x509-ca-cert',
      'Content-Disposition': 'attachment; filename="soma-ca.crt"',
    }),
  );
  app.get('/lan', ...laptop, (c) =>
    c.json(
      deps.lan()?.info() ?? {
        enabled: false,
        urls: [],
        caFingerprintSha256: null,
        caDownload: '/api/lan/ca.crt' as const,
      },
    ),
  );

  app.post('/pairing', ...laptop, (c) => {
    const base = lanOn().info().urls[0];
    if (!base) throw new ApiError(409, 'lan_off', 'El modo LAN no tiene dirección.');
    const created = pairings.create();
    return c.json({ ...created, url: `${base}/pair#${created.code}` }, 201);
  });

  app.post('/pairing/claim', async (c) => {
    const limit = limiter.hit(deps.clientKey(c));
    if (!limit.ok) {
      return tooManyAttempts(limit).toResponse(c);
    }
    const body = await parseJsonBody(c, ClaimBodySchema);
    const claimed = pairings.claim(body.code, body.name);
    if (!claimed) {
      throw new ApiError(401, 'invalid_code', 'El código no es válido, ya se usó o caducó.');
    }
    return c.json({ claim: claimed.claim, status: 'pending' as const }, 202);
  });

  app.post('/pairing/claim/status', async (c) => {
    const body = await parseJsonBody(c, ClaimStatusBodySchema);
    const result = pairings.collect(body.claim);
    if (!result) throw new ApiError(404, 'not_found', 'No existe esa solicitud.');
    if (result.status !== 'approved') return c.json({ status: result.status });
    const created = result.name
      ? await deps.sessions.create(result.name, 'pairing')
      : await deps.sessions.create('Móvil', 'pairing', { code: 'phone', params: {} });
    setCookie(c, SESSION_COOKIE, created.token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: deps.secureCookies || onLanListener(c),
      maxAge: COOKIE_MAX_AGE_SEC,
    });
    return c.json({ status: 'approved' as const });
  });

  app.get('/pairing/:id', ...laptop, (c) => {
    const view = pairings.view(c.req.param('id'));
    if (!view) throw new ApiError(404, 'not_found', 'No existe ese emparejamiento.');
    return c.json(view);
  });

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(`/pairing/:id/${action}`, ...laptop, (c) => {
      if (!pairings.decide(c.req.param('id'), approve)) {
        throw new ApiError(409, 'not_pending', 'Ese emparejamiento ya no espera respuesta.');
      }
      return c.body(null, 204);
    });
  }
  app.all('*', (c) => new ApiError(404, 'not_found', 'No existe la ruta.').toResponse(c));
  return app;
}
