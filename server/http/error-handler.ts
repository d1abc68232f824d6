import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './api-error.ts';

/**
 * Answers expected failures with their code and status; anything else is a bug,
 * logged once and answered as a 500 whose body tells nothing about internals.
 */
export function errorHandler(log: (line: string) => void = console.error): ErrorHandler {
  return function handleError(err, c) {
    if (err instanceof ApiError) return err.toResponse(c);
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own exceptions (for instance a body over the size limit) are client errors.
      return new ApiError(err.status, 'bad_request', err.message).toResponse(c);
    }
    log(`[soma] error interno en ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`);
    return new ApiError(500, 'internal', 'Error interno del servidor de SOMA.').toResponse(c);
  };
}

/** Unknown API routes get the same JSON error shape as every other failure. */
export const apiNotFound: NotFoundHandler = (c) =>
  new ApiError(404, 'not_found', `No existe la ruta ${c.req.path}.`).toResponse(c);
