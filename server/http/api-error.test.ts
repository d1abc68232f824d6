import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { errorHandler } from './error-handler.ts';

/** An app whose one route throws or answers `err`, with the server's error handler. */
function appFor(err: ApiError, how: 'throw' | 'answer'): Hono {
  const app = new Hono();
  app.onError(errorHandler(() => {}));
  app.get('/x', (c) => {
    if (how === 'throw') throw err;
    return err.toResponse(c);
  });
  return app;
}

describe('server/http/api-error', () => {
  it('answers code and message, and params only when given', async () => {
    const bare = await appFor(new ApiError(404, 'not_found', 'No existe.'), 'throw').request('/x');
    expect(bare.status).toBe(404);
    expect(await bare.json()).toEqual({ error: { code: 'not_found', message: 'No existe.' } });
    const err = new ApiError(400, 'invalid_path', 'Ruta no válida.', {
      params: { reason: 'dots' },
    });
    const withParams = await appFor(err, 'throw').request('/x');
    expect(await withParams.json()).toEqual({
      error: { code: 'invalid_path', message: 'Ruta no válida.', params: { reason: 'dots' } },
    });
  });

  it('carries its headers and extra error fields, thrown or answered at once', async () => {
    const err = new ApiError(409, 'file_changed', 'Cambió.', {
      headers: { 'Retry-After': '3' },
      fields: { diff: '-a\n+b' },
    });
    for (const how of ['throw', 'answer'] as const) {
      const res = await appFor(err, how).request('/x');
      expect(res.status).toBe(409);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        error: { code: 'file_changed', message: 'Cambió.', diff: '-a\n+b' },
      });
    }
  });
});
