import { Hono } from 'hono';
import { SearchPairBodySchema, type SearchPairs } from '../../common/search-pair-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { SearchPairStore } from './search-pair-store.ts';

/**
 * «¿Era esta?» pairs, mounted at `/api/search-pairs` behind the session
 * check: remember one, read (export) them all, erase them all.
 */
export function searchPairRoutes(deps: {
  store: SearchPairStore;
  clock?: () => number;
}): Hono<AuthEnv> {
  const now = deps.clock ?? Date.now;
  const app = new Hono<AuthEnv>();
  app.get('/', (c) => {
    const body: SearchPairs = { pairs: deps.store.list() };
    return c.json(body);
  });
  app.post('/', async (c) => {
    await deps.store.add(await parseJsonBody(c, SearchPairBodySchema), now());
    return c.body(null, 204);
  });
  app.delete('/', async (c) => {
    await deps.store.erase();
    return c.body(null, 204);
  });
  return app;
}
