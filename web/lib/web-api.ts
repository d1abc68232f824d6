import {
  type ExtractAnswer,
  ExtractAnswerSchema,
  type WebSearchAnswer,
  WebSearchAnswerSchema,
} from '../../common/web-schemas.ts';
import { postJson, request } from './api.ts';
import { WEB_REQUEST_TIMEOUT_MS } from './timing.ts';

/**
 * The web calls (/extraer, /web). Beside `api.ts` so they load with the command that
 * uses them. Both answer external text for the user to see, trim, keep or drop.
 */

const post = (body: unknown) => postJson(body, AbortSignal.timeout(WEB_REQUEST_TIMEOUT_MS));

/** A page's readable text as Markdown, with its title, site and whether it was cut. */
export function extractPage(url: string): Promise<ExtractAnswer> {
  return request(ExtractAnswerSchema, '/api/extract', post({ url }));
}

/** A question to the harness's search-capable model: its answer and the sources it used. */
export function searchWeb(question: string): Promise<WebSearchAnswer> {
  return request(WebSearchAnswerSchema, '/api/web', post({ question }));
}
