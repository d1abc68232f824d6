import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import type { Vault } from './vault.ts';

/** Read-only vault routes, mounted under /api/vault. Errors are ApiErrors for the app's handler. */
export function vaultRoutes(vault: Vault): Hono {
  const app = new Hono();
  app.get('/tree', async (c) => c.json({ root: await vault.tree() }));
  app.get('/manifest', async (c) => c.json(await vault.manifest()));
  app.get('/note', async (c) => {
    const path = c.req.query('path');
    if (path === undefined || path === '') {
      throw new ApiError(400, 'bad_request', 'Falta el parámetro «path»');
    }
    return c.json(await vault.readNote(path));
  });
  return app;
}
