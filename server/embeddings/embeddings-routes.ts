import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  EmbedBudgetRequestSchema,
  EmbedConsentRequestSchema,
  EmbedEnabledRequestSchema,
  EmbedQueryRequestSchema,
  ModelFolderRequestSchema,
} from '../../common/embedding-schemas.ts';
import { isLaptop, laptopOnly, laptopOnlyError } from '../auth/laptop-only.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { ApiError } from '../http/api-error.ts';
import { apiNotFound } from '../http/error-handler.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { EmbeddingsHost } from './embeddings-host.ts';

/** Chunks per vectors page by default: about 0.7 MB of JSON at 384 dimensions. */
const DEFAULT_PAGE_CHUNKS = 1_000;
const MAX_PAGE_CHUNKS = 10_000;

const DeltaQuerySchema = z.object({
  since: z._default(z.coerce.number().check(z.int(), z.nonnegative()), 0),
  generation: z.optional(z.string()),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_CHUNKS)),
    DEFAULT_PAGE_CHUNKS,
  ),
});

/**
 * /api/embeddings (docs/API.md, «Long-term memory»), mounted under the session check. The
 * model's download, folder install and the CPU budget are the laptop's; consent for note text
 * to leave the machine is the laptop's browser's alone (the person looking at what would
 * leave, not a phone or a script with the terminal's token); the rest needs the
 * layer running (409 `embeddings_off` otherwise). Every change answers the full status.
 */
export function embeddingsRoutes(host: EmbeddingsHost): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get('/status', async (c) => c.json(await host.status(isLaptop(c))));
  app.post('/model', laptopOnly, async (c) => {
    host.startDownload();
    return c.json(await host.status(true), 202);
  });
  app.delete('/model/download', laptopOnly, async (c) => {
    host.cancelDownload();
    return c.json(await host.status(true));
  });
  app.post('/model/folder', laptopOnly, async (c) => {
    const { dir } = await parseJsonBody(c, ModelFolderRequestSchema);
    host.installFromFolder(dir);
    return c.json(await host.status(true), 202);
  });
  app.post('/budget', laptopOnly, async (c) => {
    const { cores } = await parseJsonBody(c, EmbedBudgetRequestSchema);
    await host.setBudget(cores);
    return c.json(await host.status(true));
  });
  app.post('/consent', async (c) => {
    if (!isLaptop(c) || c.var.session.via === 'cli') throw laptopOnlyError();
    const { endpoint, model } = await parseJsonBody(c, EmbedConsentRequestSchema);
    await host.layer().consent(endpoint, model);
    return c.json(await host.status(isLaptop(c)));
  });
  app.delete('/consent', async (c) => {
    await host.layer().revokeConsent();
    return c.json(await host.status(isLaptop(c)));
  });
  app.post('/enabled', async (c) => {
    const { enabled } = await parseJsonBody(c, EmbedEnabledRequestSchema);
    await host.layer().setEnabled(enabled);
    return c.json(await host.status(isLaptop(c)));
  });
  app.post('/retry', async (c) => {
    host.layer().retry();
    return c.json(await host.status(isLaptop(c)));
  });
  app.get('/vectors', (c) => {
    const layer = host.layer();
    const parsed = DeltaQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      throw new ApiError(400, 'bad_request', `Parámetro no válido: «${field}»`);
    }
    const { since, generation, limit } = parsed.data;
    return c.json(layer.delta(since, generation ?? null, limit));
  });
  app.post('/query', async (c) => {
    const { text } = await parseJsonBody(c, EmbedQueryRequestSchema);
    return c.json(await host.layer().query(text));
  });
  app.all('*', apiNotFound);
  return app;
}
