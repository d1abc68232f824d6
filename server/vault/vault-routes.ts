import { Hono } from 'hono';
import { NotesBatchRequestSchema } from '../../common/chat-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { onLanListener } from '../http/listener-tag.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { Vault } from './vault.ts';
import { exportStream } from './vault-export.ts';

/** Read-only vault routes, mounted under /api/vault. Errors are ApiErrors for the app's handler. */
export function vaultRoutes(vault: Vault): Hono {
  const app = new Hono();
  app.get('/folder', async (c) => c.json(await vault.folder(c.req.query('path') ?? '')));
  app.get('/manifest', async (c) =>
    c.body(await vault.manifestJson(), 200, { 'Content-Type': 'application/json' }),
  );
  app.get('/note', async (c) => {
    const path = c.req.query('path');
    if (path === undefined || path === '') {
      throw new ApiError(400, 'bad_request', 'Falta el parámetro «path»');
    }
    return c.json(await vault.readNote(path));
  });
  // Every note in one streamed answer: the first sync of a whole vault in one request.
  app.get('/export', (c) => {
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    // gzip pays over Wi-Fi; on loopback it only burns CPU the browser needs for indexing
    // (a big first sync took far longer gzipped: docs/FACTS.md), so the compressor is told off.
    c.header('Cache-Control', onLanListener(c) ? 'no-store' : 'no-store, no-transform');
    return c.body(exportStream(vault.notes()));
  });
  app.post('/batch', async (c) => {
    const { paths } = await parseJsonBody(c, NotesBatchRequestSchema);
    // Gone or not a note since the client's manifest: the client drops it. So is a name on
    // disk the path rules refuse (`caf%e9.md`): one such file must not stop the whole sync.
    return c.json(await vault.noteContents(paths));
  });
  return app;
}
