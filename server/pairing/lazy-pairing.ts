import type { Hono, MiddlewareHandler } from 'hono';
import type { PairingDeps } from './pairing-routes.ts';

/**
 * Answers `/api/pairing*` and `/api/lan*` with the pairing routes, imported on the
 * first such request: the server's idle memory budget has no room for them at start.
 */
export function lazyPairing(deps: PairingDeps): MiddlewareHandler {
  let routes: Promise<Hono> | null = null;
  return async function lazyPairingHandler(c) {
    routes ??= import('./pairing-routes.ts').then((m) => m.pairingRoutes(deps) as unknown as Hono);
    return (await routes).fetch(c.req.raw, c.env);
  };
}
