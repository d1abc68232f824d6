import type { Context } from 'hono';
import type { $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { ApiError } from './api-error.ts';

/**
 * Reads and validates a JSON body; malformed JSON or a wrong shape is a 400
 * `bad_request` whose message names the first offending field. Takes any zod
 * schema, classic or mini (common/ uses mini to keep the PWA small).
 */
export async function parseJsonBody<T extends $ZodType>(c: Context, schema: T): Promise<output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'bad_request', 'El cuerpo de la petición no es JSON válido.');
  }
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` en «${issue.path.join('.')}»` : '';
    throw new ApiError(400, 'bad_request', `Petición no válida${where}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}
