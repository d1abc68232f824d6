import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './api-error.ts';

/**
 * Answers expected failures with their code and status; anything else is a bug,
 * logged once and answered as a 500 whose body tells nothing about internals.
 */
export function errorHandler(log: (line: string) => void = console.error): ErrorHandler {
  return function handleError(err, c) {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own exceptions (for instance a body over the size limit) are client errors.
      return c.json({ error: { code: 'bad_request', message: err.message } }, err.status);
    }
    log(`[soma] error interno en ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`);
    return c.json(
      { error: { code: 'internal', message: 'Error interno del servidor de SOMA.' } },
      500,
    );
  };
}

/** Unknown API routes get the same JSON error shape as every other failure. */
export const apiNotFound: NotFoundHandler = (c) =>
  c.json({ error: { code: 'not_found', message: `No existe la ruta ${c.req.path}.` } }, 404);
