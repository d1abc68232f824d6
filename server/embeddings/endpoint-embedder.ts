import { isIPv4 } from 'node:net';
import * as z from 'zod/mini';
import type { EndpointEmbedderConfig } from '../../harness/embeddings-schema.ts';
import { type JsonOutcome, openaiJson } from '../upstream/openai-client.ts';
import { providerKey } from '../upstream/provider-key.ts';
import { checkVectors, type Embedder, EmbedError, type EmbedPurpose } from './embedder.ts';

/** An OpenAI-compatible `/v1/embeddings` answer; extra fields are ignored. */
const EmbeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.optional(z.int()), embedding: z.array(z.unknown()) })),
});

/** Longest wait a Retry-After header may ask for before the pipeline's own backoff applies. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * True when `baseUrl` names this machine (`localhost`, 127.0.0.0/8, `::1`). The harness's
 * `local: true` is believed only then: text sent anywhere else leaves the machine.
 */
export function isLoopbackUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));
}

/**
 * An embedder over an OpenAI-compatible endpoint (Ollama, llama.cpp `--embeddings`,
 * LM Studio, a cloud service). The key is read from the environment on each call and
 * never appears in an error; upstream bodies are not echoed either. Redirects are not
 * followed: with consent for one endpoint, note text must not reach another origin.
 */
export function createEndpointEmbedder(
  config: EndpointEmbedderConfig,
  env: Record<string, string | undefined>,
): Embedder {
  return {
    kind: 'endpoint',
    model: config.model,
    dimensions: config.dimensions,
    batchSize: config.batchSize,
    local: config.local && isLoopbackUrl(config.baseUrl),
    endpoint: config.baseUrl,
    async embed(texts: string[], purpose: EmbedPurpose, signal?: AbortSignal) {
      const key = providerKey(config, env);
      if (key.kind === 'missing') {
        throw new EmbedError({ code: 'key_missing', params: { env: key.env } }, false);
      }
      const prefix = purpose === 'query' ? config.queryPrefix : config.documentPrefix;
      const outcome = await openaiJson({
        baseUrl: config.baseUrl,
        path: 'embeddings',
        key: key.kind === 'set' ? key.key : null,
        body: { model: config.model, input: texts.map((t) => prefix + t) },
        timeoutMs: config.timeoutMs,
        ...(signal ? { signal } : {}),
      });
      const answer = answerOrThrow(outcome, config);
      const parsed = EmbeddingsResponseSchema.safeParse(answer.json);
      if (!parsed.success) {
        throw new EmbedError({ code: 'bad_response', params: { status: answer.status } }, false);
      }
      const ordered = [...parsed.data.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return checkVectors(
        ordered.map((d) => d.embedding),
        texts.length,
        config.dimensions,
      );
    },
  };
}

/** A 2xx answer's JSON, or the EmbedError (code, whether to retry) of any other outcome. */
function answerOrThrow(
  outcome: JsonOutcome,
  config: EndpointEmbedderConfig,
): Extract<JsonOutcome, { kind: 'ok' }> {
  switch (outcome.kind) {
    case 'ok':
      return outcome;
    // A caller's abort reads as unreachable too: the pipeline, which aborted, drops the batch.
    case 'aborted':
    case 'network':
      throw new EmbedError({ code: 'unreachable', params: { endpoint: config.baseUrl } }, true);
    case 'timeout':
      throw new EmbedError({ code: 'timeout', params: { ms: config.timeoutMs } }, true);
    case 'rate_limited': {
      const wait =
        outcome.retryAfterMs === null ? null : Math.min(outcome.retryAfterMs, MAX_RETRY_AFTER_MS);
      throw new EmbedError({ code: 'rate_limited', params: { status: 429 } }, true, wait);
    }
    case 'server_error':
      throw new EmbedError({ code: 'server_error', params: { status: outcome.status } }, true);
    case 'malformed':
      // NaN and Infinity are not JSON, but some servers write them bare.
      throw new EmbedError(
        /[[,]\s*-?(NaN|Infinity)\b/.test(outcome.text)
          ? { code: 'bad_vector', params: {} }
          : { code: 'bad_response', params: { status: outcome.status } },
        false,
      );
    // A redirect is refused, not followed (its target never gets the text): a fix in the harness.
    default:
      throw new EmbedError({ code: 'bad_response', params: { status: outcome.status } }, false);
  }
}
