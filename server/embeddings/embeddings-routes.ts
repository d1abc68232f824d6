import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  EmbedConsentRequestSchema,
  EmbedEnabledRequestSchema,
  EmbedQueryRequestSchema,
} from '../../common/embedding-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { apiNotFound, errorHandler } from '../http/error-handler.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { EmbeddingsService } from './embeddings-service.ts';

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
 * /api/embeddings with the layer on (docs/API.md, «Long-term memory»). Session and Origin
 * are checked by the app before this runs; it is imported on first use, so a server with
 * the layer off never loads it.
 */
export function embeddingsRoutes(service: EmbeddingsService, log?: (line: string) => void): Hono {
  const app = new Hono().basePath('/api/embeddings');
  app.onError(errorHandler(log));
  app.get('/status', (c) => c.json(service.status()));
  app.post('/consent', async (c) => {
    const { endpoint, model } = await parseJsonBody(c, EmbedConsentRequestSchema);
    await service.consent(endpoint, model);
    return c.json(service.status());
  });
  app.delete('/consent', async (c) => {
    await service.revokeConsent();
    return c.json(service.status());
  });
  app.post('/enabled', async (c) => {
    const { enabled } = await parseJsonBody(c, EmbedEnabledRequestSchema);
    await service.setEnabled(enabled);
    return c.json(service.status());
  });
  app.post('/retry', (c) => {
    service.retry();
    return c.json(service.status());
  });
  app.get('/vectors', (c) => {
    const parsed = DeltaQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      throw new ApiError(400, 'bad_request', `Parámetro no válido: «${field}»`);
    }
    const { since, generation, limit } = parsed.data;
    return c.json(service.delta(since, generation ?? null, limit));
  });
  app.post('/query', async (c) => {
    const { text } = await parseJsonBody(c, EmbedQueryRequestSchema);
    return c.json(await service.query(text));
  });
  app.all('*', apiNotFound);
  return app;
}
