import { Hono } from 'hono';
import type { SentPart } from '../../common/chat-schemas.ts';
import type { LinkFailed } from '../../common/notice-schemas.ts';
import {
  type SearchHelpAnswer,
  SearchHelpBodySchema,
  type SearchHelpStatus,
} from '../../common/search-help-schemas.ts';
import { contextTokensOf } from '../chat/chat-routes.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { streamChat } from '../inference/provider-chain.ts';
import { parseHelpAnswer } from './help-answer.ts';

export interface SearchHelpRoutesDeps {
  harness: HarnessStore;
  /** Where `apiKeyEnv` names are looked up (process.env in production). */
  env: Record<string, string | undefined>;
  /** The upstream fetch (tests). */
  fetch?: typeof fetch;
}

/** A list of a few short queries needs no more; a model that rambles is cut, not waited for. */
const MAX_ANSWER_TOKENS = 300;

/**
 * «Buscar con el modelo», mounted under /api/search/help: the search's question
 * alone goes through the chat chain (same links, same fallback) with the harness's
 * `searchHelp.prompt`; the answer is a few other queries the browser runs itself.
 * Asked only when the user presses the button; nothing from the vault is sent.
 */
export function searchHelpRoutes(deps: SearchHelpRoutesDeps): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const help = deps.harness.current().searchHelp;
    const status: SearchHelpStatus = {
      enabled: help?.enabled === true,
      maxQueries: help?.enabled ? help.maxQueries : 0,
    };
    return c.json(status);
  });
  app.post('/', async (c) => {
    const harness = deps.harness.current();
    const help = harness.searchHelp;
    if (!help?.enabled) {
      throw new ApiError(409, 'search_help_off', 'El arnés no tiene activada la ayuda del modelo.');
    }
    const { query } = await parseJsonBody(c, SearchHelpBodySchema);
    const system = help.prompt.replaceAll('{max}', String(help.maxQueries));
    let text = '';
    let link: { provider: string; model: string } | null = null;
    for await (const event of streamChat({
      providers: harness.providers,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: query },
      ],
      env: deps.env,
      signal: c.req.raw.signal,
      maxTokens: MAX_ANSWER_TOKENS,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    })) {
      if (event.type === 'delta') text += event.text;
      else if (event.type === 'done') link = { provider: event.provider, model: event.model };
      else if (event.type === 'error') throw chainError(event.code, event.message, event.failures);
    }
    if (!link) {
      throw new ApiError(502, 'search_help_failed', 'El modelo no terminó su respuesta.');
    }
    const queries = parseHelpAnswer(text, query, help.maxQueries);
    if (!queries) {
      throw new ApiError(
        502,
        'search_help_unreadable',
        `${link.model} no devolvió una lista de consultas legible.`,
        { params: { model: link.model } },
      );
    }
    const body: SearchHelpAnswer = {
      query,
      queries,
      sent: {
        parts: sentParts(system, query),
        provider: link.provider,
        model: link.model,
        contextTokens: contextTokensOf(harness, link.provider),
      },
    };
    return c.json(body);
  });
  return app;
}

/** The chain's last word as an API error: nothing configured, or why the last link failed. */
function chainError(code: string, message: string, failures: LinkFailed[] | undefined): ApiError {
  if (code === 'no_provider') return new ApiError(409, 'no_provider', message);
  const last = failures?.at(-1);
  const params = last
    ? { link: last.link, failure: last.failure.code, ...last.failure.params }
    : {};
  return new ApiError(502, 'search_help_failed', message, { params });
}

/** The request as a chat turn discloses it: the harness's prompt (shown) and the question. */
function sentParts(system: string, query: string): SentPart[] {
  return [
    { part: 'system', message: 0, role: 'system', label: '', chars: system.length, text: system },
    { part: 'message', message: 1, role: 'user', label: '', chars: query.length },
  ];
}
