import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of every answer: nothing from any other origin, no
 * plugins, no framing, no `<base>` tricks. Images may be `data:`/`blob:` (pasted or
 * vault attachments), never remote, so rendered Markdown cannot beacon out.
 * `'wasm-unsafe-eval'` lets the search worker compile its vector scan
 * (web/vectors/vector-wasm-module.ts, bytes built in the bundle, never fetched):
 * it allows WebAssembly compilation only, not `eval` or string scripts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "worker-src 'self'",
  "manifest-src 'self'",
].join('; ');

const HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Sets the security headers on every answer, errors included (mount it first). API
 * answers also get `Cache-Control: no-store`, so private notes never sit in a cache.
 * Set by hand rather than with hono/secure-headers, whose defaults add HSTS and
 * headers we do not want to reason about.
 */
export function secureHeaders(): MiddlewareHandler {
  return async function secureHeadersMiddleware(c, next) {
    await next();
    for (const [name, value] of Object.entries(HEADERS)) c.header(name, value);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/'))
      c.header('Cache-Control', 'no-store');
    // No cross-origin reader is ever legitimate, so strip CORS headers whoever set them.
    const cors = [...c.res.headers.keys()].filter((k) => k.startsWith('access-control-'));
    for (const name of cors) c.header(name, undefined);
  };
}
