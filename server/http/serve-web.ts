import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

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
    c.json({ error: { code: 'not_found', message: `No existe ${c.req.path}.` } }, 404, {
      'Cache-Control': 'no-store',
    }),
  );
  app.get('*', serveStatic({ root, path: 'index.html' }));
}
