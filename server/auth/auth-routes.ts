import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import {
  type DeviceName,
  LoginBodySchema,
  SessionRenameBodySchema,
} from '../../common/api-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { onLanListener } from '../http/listener-tag.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { isLaptop, laptopOnlyError } from './laptop-only.ts';
import type { LoginTokens } from './login-token.ts';
import { type RateLimiter, tooManyAttempts } from './rate-limit.ts';
import { type AuthEnv, requireSession, SESSION_COOKIE } from './session-middleware.ts';
import { type SessionStore, toSessionInfo } from './session-store.ts';

/** How long the browser keeps the session cookie; the session itself lasts until revoked. */
const SESSION_COOKIE_MAX_AGE_SEC = 365 * 24 * 60 * 60;

/** What {@link authRoutes} needs. */
export interface AuthRoutesDeps {
  store: SessionStore;
  tokens: LoginTokens;
  limiter: RateLimiter;
  /** Adds `Secure` to the cookie; true whenever the server speaks HTTPS. */
  secureCookies: boolean;
  /** The key attempts are counted under: the client's address. */
  clientKey: (c: Context) => string;
  /** Called after each successful login (to mint and print a fresh start-up link). */
  onLogin?: () => void;
  /** Called after a session is revoked (to drop the terminal's credentials if they were its). */
  onRevoke?: () => Promise<void>;
}

/** What a User-Agent says of its browser and system, as a device name the UI words. */
export function deviceFromUserAgent(ua: string | undefined): DeviceName {
  if (!ua) return { code: 'unknown', params: {} };
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chromium\//, 'Chromium'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Macintosh|Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(ua))?.[1] ?? '';
  const system = systems.find(([re]) => re.test(ua))?.[1];
  return system
    ? { code: 'browser_on_system', params: { browser, system } }
    : { code: 'browser', params: { browser } };
}

/**
 * A short, human label for a session from its User-Agent: "Chromium en Linux". Spanish,
 * the vault's language: it is what history and the synapse log record; the devices page
 * words the session's `device` instead.
 */
export function labelFromUserAgent(ua: string | undefined): string {
  const device = deviceFromUserAgent(ua);
  if (device.code === 'unknown') return 'Navegador desconocido';
  const browser = device.params.browser || 'Navegador';
  return device.code === 'browser_on_system' ? `${browser} en ${device.params.system}` : browser;
}

/**
 * The session API, mounted at `/api`: login with the start-up token, who am I, logout,
 * and the list of paired browsers with revocation.
 */
export function authRoutes(deps: AuthRoutesDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const session = requireSession(deps.store);
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: deps.secureCookies,
  };

  /**
   * The start-up secret has 256 bits, so guessing it fails with or without a limit; the
   * limit only bounds the cost of wrong attempts. It must not lock the user out (every
   * local process shares 127.0.0.1), so a correct token is always accepted, and only
   * wrong or malformed attempts are counted and, past the limit, answered 429.
   */
  const refuse = (c: Context, err: ApiError): Response => {
    const limit = deps.limiter.hit(deps.clientKey(c));
    if (limit.ok) return err.toResponse(c);
    return tooManyAttempts(limit).toResponse(c);
  };

  app.post('/session', async (c) => {
    let body: { token: string };
    try {
      body = await parseJsonBody(c, LoginBodySchema);
    } catch (err) {
      if (err instanceof ApiError) return refuse(c, err);
      throw err;
    }
    if (!deps.tokens.consume(body.token)) {
      return refuse(
        c,
        new ApiError(401, 'invalid_token', 'El enlace de acceso no es válido o ya se usó.'),
      );
    }
    const ua = c.req.header('user-agent');
    const created = await deps.store.create(
      labelFromUserAgent(ua),
      'link',
      deviceFromUserAgent(ua),
    );
    setCookie(c, SESSION_COOKIE, created.token, {
      ...cookieOptions,
      // The HTTPS listener always marks it Secure, whatever the loopback one does.
      secure: deps.secureCookies || onLanListener(c),
      maxAge: SESSION_COOKIE_MAX_AGE_SEC,
    });
    deps.onLogin?.();
    return c.json({ session: toSessionInfo(created.session, true) });
  });

  app.get('/session', session, (c) => c.json({ session: toSessionInfo(c.var.session, true) }));

  app.delete('/session', session, async (c) => {
    await deps.store.revoke(c.var.session.id);
    deleteCookie(c, SESSION_COOKIE, cookieOptions);
    return c.body(null, 204);
  });

  app.get('/sessions', session, (c) => {
    const current = c.var.session.id;
    const sessions = deps.store.list().map((s) => toSessionInfo(s, s.id === current));
    return c.json({ sessions, canRevokeOthers: isLaptop(c) });
  });

  // Two browsers of one kind read alike («Chromium en Linux»): the person names them.
  // The same rule as revoking: a phone renames only itself.
  app.patch('/sessions/:id', session, async (c) => {
    const id = c.req.param('id');
    if (id !== c.var.session.id && !isLaptop(c)) throw laptopOnlyError();
    const body = await parseJsonBody(c, SessionRenameBodySchema);
    const renamed = await deps.store.rename(id, body.label);
    if (!renamed) throw new ApiError(404, 'not_found', 'No existe esa sesión.');
    return c.json({ session: toSessionInfo(renamed, id === c.var.session.id) });
  });

  // A phone could otherwise log the laptop out over the LAN: only the laptop ends others.
  app.delete('/sessions/:id', session, async (c) => {
    const id = c.req.param('id');
    if (id !== c.var.session.id && !isLaptop(c)) throw laptopOnlyError();
    if (!(await deps.store.revoke(id)))
      throw new ApiError(404, 'not_found', 'No existe esa sesión.');
    if (id === c.var.session.id) deleteCookie(c, SESSION_COOKIE, cookieOptions);
    await deps.onRevoke?.();
    return c.body(null, 204);
  });

  return app;
}
