import { Hono } from 'hono';
import {
  type HistoryCurrentAnswer,
  type HistoryDiffAnswer,
  type HistoryListAnswer,
  MAX_CURRENT_PATHS,
} from '../../common/history-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { readCurrent } from '../vault/current-file.ts';
import { diffHunks } from '../vault/diff-hunks.ts';
import { describeWrites } from './describe-writes.ts';
import type { HistoryStore } from './history-store.ts';

function param(value: string | undefined, name: string): string {
  if (value === undefined || value === '') {
    throw new ApiError(400, 'bad_request', `Falta el parámetro «${name}»`);
  }
  return value;
}

const notKept = (rel: string) =>
  new ApiError(404, 'not_found', `Esa versión de «${rel}» no está en el historial.`, {
    params: { path: rel },
  });

/**
 * Read-only routes over the write history, mounted under /api/history behind the session
 * and Origin checks. Paths go through the vault's path module like every note route.
 * Restoring is not here: it is a proposal (POST /api/proposals/restore).
 */
export function historyRoutes(history: HistoryStore, root: string): Hono {
  const app = new Hono();

  app.get('/note', async (c) => {
    const now = await readCurrent(root, param(c.req.query('path'), 'path'));
    const current = now.exists ? now.hash : null;
    const writes = describeWrites(await history.entries(now.rel), current);
    const answer: HistoryListAnswer = { path: now.rel, current, writes };
    return c.json(answer);
  });

  app.get('/current', async (c) => {
    const paths = c.req.queries('path') ?? [];
    if (paths.length === 0) param(undefined, 'path');
    if (paths.length > MAX_CURRENT_PATHS) {
      throw new ApiError(400, 'bad_request', `Como mucho ${MAX_CURRENT_PATHS} rutas a la vez`);
    }
    // One refused path does not fail the others: each card asked for its own.
    const files = await Promise.all(
      paths.map(async (path): Promise<HistoryCurrentAnswer['files'][number]> => {
        try {
          const now = await readCurrent(root, path);
          return { path, current: now.exists ? now.hash : null };
        } catch (err) {
          if (err instanceof ApiError && err.status === 400) {
            return { path, current: null, error: err.code };
          }
          throw err;
        }
      }),
    );
    const answer: HistoryCurrentAnswer = { files };
    return c.json(answer);
  });

  app.get('/version', async (c) => {
    const now = await readCurrent(root, param(c.req.query('path'), 'path'));
    const hash = param(c.req.query('hash'), 'hash');
    // Only the versions of this note: the history is not a store to probe by hash.
    const known = (await history.entries(now.rel)).some(
      (e) => e.before === hash || e.after === hash,
    );
    const bytes = known ? await history.blob(hash) : null;
    if (!bytes) throw notKept(now.rel);
    c.header('Content-Type', 'application/octet-stream');
    c.header('Cache-Control', 'no-store');
    return c.body(new Uint8Array(bytes));
  });

  app.get('/diff', async (c) => {
    const now = await readCurrent(root, param(c.req.query('path'), 'path'));
    const id = param(c.req.query('id'), 'id');
    const entry = (await history.entries(now.rel)).find((e) => e.id === id);
    if (!entry) throw notKept(now.rel);
    const text = async (hash: string | null) => {
      if (hash === null) return '';
      const bytes = await history.blob(hash);
      if (!bytes) throw notKept(now.rel);
      return bytes.toString('utf8');
    };
    const after = await text(entry.after);
    const answer: HistoryDiffAnswer = {
      id,
      previous: await diffHunks(await text(entry.before), after),
      current: await diffHunks(after, now.exists ? now.text : ''),
    };
    return c.json(answer);
  });

  return app;
}
