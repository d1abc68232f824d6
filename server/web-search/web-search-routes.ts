import { Hono } from 'hono';
import {
  type Source,
  type WebSearchAnswer,
  WebSearchBodySchema,
} from '../../common/web-schemas.ts';
import type { Harness, Provider } from '../../harness/schema.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { streamChat } from '../inference/provider-chain.ts';
import { configuredKeys, redactKeys } from '../security/key-redaction.ts';
import { httpFetch, type UpstreamFetch } from '../upstream/http-fetch.ts';
import { providerKey } from '../upstream/provider-key.ts';
import { fetchCollectingTools, mergeSources, sourcesInText } from './search-sources.ts';

export interface WebSearchRoutesDeps {
  harness: HarnessStore;
  /** Where `apiKeyEnv` names are looked up (process.env in production). */
  env: Record<string, string | undefined>;
  /** The upstream fetch (tests); httpFetch otherwise, as for every chat turn. */
  fetch?: UpstreamFetch;
}

/**
 * /web: one question to the harness's search-capable model (`webSearch`:
 * provider, model, prompt), as a one-link chain with no fallback, because
 * another model would answer without searching and look as if it had.
 * The answer is data for the user to keep or drop; nothing is written.
 */
export function webSearchRoutes(deps: WebSearchRoutesDeps): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const { question } = await parseJsonBody(c, WebSearchBodySchema);
    const harness = deps.harness.current();
    const provider = searchProvider(harness, deps.env);
    const toolSources: Source[] = [];
    const upstream = fetchCollectingTools(deps.fetch ?? httpFetch, toolSources);
    let answer = '';
    for await (const event of streamChat({
      providers: [provider],
      messages: [
        { role: 'system', content: harness.webSearch.prompt },
        { role: 'user', content: question },
      ],
      env: deps.env,
      signal: c.req.raw.signal,
      fetch: upstream.fetch,
    })) {
      if (event.type === 'delta') answer += event.text;
      else if (event.type === 'error' || event.type === 'fallback') {
        throw new ApiError(502, 'search_failed', `La búsqueda web falló: ${event.message}`);
      }
    }
    await upstream.settled();
    if (c.req.raw.signal.aborted || !answer.trim()) {
      throw new ApiError(502, 'search_failed', 'La búsqueda web no devolvió ninguna respuesta.');
    }
    // The answer's text is redacted by the chain; the tool results come from the raw stream.
    const keys = configuredKeys([provider], deps.env);
    const body: WebSearchAnswer = {
      question,
      answer,
      sources: mergeSources(toolSources, sourcesInText(answer)).map((s) => ({
        title: redactKeys(s.title, keys),
        url: redactKeys(s.url, keys),
      })),
      provider: provider.id,
      model: harness.webSearch.model,
    };
    return c.json(body);
  });
  return app;
}

/** The harness's search provider narrowed to its search model, or a 409 that says what to do. */
function searchProvider(harness: Harness, env: Record<string, string | undefined>): Provider {
  const { provider: id, model } = harness.webSearch;
  const provider = harness.providers.find((p) => p.id === id);
  const instead = 'Mientras tanto, puedes adjuntar una página concreta con /extraer URL.';
  if (!provider) {
    throw new ApiError(
      409,
      'no_search_provider',
      `El arnés no tiene el proveedor «${id}» que pide webSearch. ${instead}`,
      { params: { reason: 'missing_provider', provider: id } },
    );
  }
  const key = providerKey(provider, env);
  if (key.kind === 'missing') {
    throw new ApiError(
      409,
      'no_search_provider',
      `La búsqueda web usa ${provider.label} (${model}) y falta la variable de entorno ${key.env}. ${instead}`,
      {
        params: { reason: 'missing_key', provider: provider.label, model, env: key.env },
      },
    );
  }
  return { ...provider, models: [model] };
}
