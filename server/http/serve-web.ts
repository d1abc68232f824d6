import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { ApiError } from './api-error.ts';

/**
 * Serves the built PWA from `root`: hashed assets cached for a year, every other GET
 * the app shell (the PWA routes by hash). A missing asset is a plain 404: answering
 * it with the shell would hand the browser HTML for a script, cached as immutable.
 */
export function serveWeb(app: Hono, root: string): void {
  app.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash, so they never change.
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(serveStatic({ root, precompressed: true }));
  app.get('/assets/*', (c) =>
    new ApiError(404, 'not_found', `No existe ${c.req.path}.`, {
      headers: { 'Cache-Control': 'no-store' },
    }).toResponse(c),
  );
  app.get('*', serveStatic({ root, path: 'index.html' }));
}
