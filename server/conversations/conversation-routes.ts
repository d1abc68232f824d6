import { Hono } from 'hono';
import { safeParse } from 'zod/v4/core';
import {
  ConversationIdSchema,
  type ConversationList,
  ConversationMetaPatchSchema,
  TurnAppendBodySchema,
  UploadBodySchema,
} from '../../common/conversation-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { AppendOutcome, ConversationStore } from './conversation-store.ts';

/** Conversations in one listing unless the request asks for another `limit`. */
export const LIST_LIMIT = 200;

/** A path's conversation id, checked (ids name files). */
function idOf(raw: string): string {
  const parsed = safeParse(ConversationIdSchema, raw);
  if (!parsed.success) throw new ApiError(400, 'bad_request', 'Id de conversación no válido.');
  return parsed.data;
}

/** A non-negative whole number from the query, or `fallback` when absent. */
function countOf(raw: string | undefined, fallback: number | undefined): number | undefined {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new ApiError(400, 'bad_request', 'Parámetro numérico no válido.');
  }
  return n;
}

/** Turns an append's refusal into its answer. */
export function appendAnswer(outcome: AppendOutcome): { seq: number; duplicate: boolean } {
  if (outcome.kind === 'busy') {
    throw new ApiError(
      409,
      'conversation_busy',
      'Otra respuesta de esta conversación se está escribiendo: espera a que termine.',
      { params: { turnId: outcome.answering } },
    );
  }
  if (outcome.kind === 'deleted') {
    throw new ApiError(
      410,
      'conversation_deleted',
      'Esta conversación se borró en otro dispositivo.',
    );
  }
  return { seq: outcome.seq, duplicate: outcome.duplicate };
}

/**
 * The synchronised conversations, mounted at `/api/conversations` behind the session
 * check: every device (browser, phone, terminal) lists, reads and continues the same ones.
 */
export function conversationsRoutes(store: ConversationStore): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get('/', (c) => {
    const since = countOf(c.req.query('since'), undefined);
    const offset = countOf(c.req.query('offset'), 0);
    const limit = countOf(c.req.query('limit'), LIST_LIMIT);
    const now = store.now();
    const page = store.list({
      ...(since === undefined ? {} : { since }),
      ...(offset === undefined ? {} : { offset }),
      ...(limit === undefined ? {} : { limit }),
    });
    const body: ConversationList = { ...page, now };
    return c.json(body);
  });
  app.post('/upload', async (c) => {
    const body = await parseJsonBody(c, UploadBodySchema);
    return c.json(await store.upload(body));
  });
  app.get('/:id', async (c) => {
    const page = await store.page(idOf(c.req.param('id')), countOf(c.req.query('after'), 0));
    if (!page) throw new ApiError(404, 'not_found', 'No existe esa conversación.');
    return c.json(page);
  });
  app.post('/:id/turns', async (c) => {
    const id = idOf(c.req.param('id'));
    const body = await parseJsonBody(c, TurnAppendBodySchema);
    const answer = appendAnswer(await store.append(id, body.turn, body.meta));
    return c.json(answer, answer.duplicate ? 200 : 201);
  });
  app.patch('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const meta = await parseJsonBody(c, ConversationMetaPatchSchema);
    if (!(await store.patch(id, meta))) {
      throw new ApiError(404, 'not_found', 'No existe esa conversación.');
    }
    return c.body(null, 204);
  });
  app.delete('/:id', async (c) => {
    if (!(await store.remove(idOf(c.req.param('id'))))) {
      throw new ApiError(404, 'not_found', 'No existe esa conversación.');
    }
    return c.body(null, 204);
  });
  return app;
}
