import {
  type SearchHelpAnswer,
  SearchHelpAnswerSchema,
  type SearchHelpStatus,
  SearchHelpStatusSchema,
} from '../../common/search-help-schemas.ts';
import { postJson, request } from '../lib/api.ts';
import { WEB_REQUEST_TIMEOUT_MS } from '../lib/timing.ts';

/** Whether the harness offers «Buscar con el modelo» (asked once per page; a failure asks again). */
let status: Promise<SearchHelpStatus> | null = null;
export function searchHelpStatus(): Promise<SearchHelpStatus> {
  status ??= request(SearchHelpStatusSchema, '/api/search/help').catch((error: unknown) => {
    status = null;
    throw error;
  });
  return status;
}

/**
 * Sends the search's question, and only it, to the user's chat chain: other queries and
 * what was sent. As long as /web may take: the chain may try several links.
 */
export function askSearchHelp(query: string): Promise<SearchHelpAnswer> {
  return request(
    SearchHelpAnswerSchema,
    '/api/search/help',
    postJson({ query }, AbortSignal.timeout(WEB_REQUEST_TIMEOUT_MS)),
  );
}
