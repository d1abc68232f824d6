import { isIPv4 } from 'node:net';
import * as z from 'zod/mini';
import type { EndpointEmbedderConfig } from '../../harness/embeddings-schema.ts';
import { checkVectors, type Embedder, EmbedError, type EmbedPurpose } from './embedder.ts';

/** An OpenAI-compatible `/v1/embeddings` answer; extra fields are ignored. */
const EmbeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.optional(z.int()), embedding: z.array(z.unknown()) })),
});

/** Longest wait a Retry-After header may ask for before the pipeline's own backoff applies. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), MAX_RETRY_AFTER_MS);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - Date.now()), MAX_RETRY_AFTER_MS);
}

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
  const url = `${config.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    kind: 'endpoint',
    model: config.model,
    dimensions: config.dimensions,
    batchSize: config.batchSize,
    local: config.local && isLoopbackUrl(config.baseUrl),
    endpoint: config.baseUrl,
    async embed(texts: string[], purpose: EmbedPurpose, signal?: AbortSignal) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.apiKeyEnv) {
        const key = env[config.apiKeyEnv];
        if (!key)
          throw new EmbedError({ code: 'key_missing', params: { env: config.apiKeyEnv } }, false);
        headers.authorization = `Bearer ${key}`;
      }
      const prefix = purpose === 'query' ? config.queryPrefix : config.documentPrefix;
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: config.model, input: texts.map((t) => prefix + t) }),
          redirect: 'manual',
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)])
            : AbortSignal.timeout(config.timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new EmbedError(
          timedOut
            ? { code: 'timeout', params: { ms: config.timeoutMs } }
            : { code: 'unreachable', params: { endpoint: config.baseUrl } },
          true,
        );
      }
      // A redirect is refused, not followed (its target never gets the text): a fix in the harness.
      if (res.status >= 300 && res.status < 400) {
        throw new EmbedError({ code: 'bad_response', params: { status: res.status } }, false);
      }
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers.get('retry-after'));
        throw new EmbedError({ code: 'rate_limited', params: { status: 429 } }, true, wait);
      }
      if (res.status >= 500) {
        throw new EmbedError({ code: 'server_error', params: { status: res.status } }, true);
      }
      if (!res.ok) {
        throw new EmbedError({ code: 'bad_response', params: { status: res.status } }, false);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        // NaN and Infinity are not JSON, but some servers write them bare.
        const nonFinite = /[[,]\s*-?(NaN|Infinity)\b/.test(text);
        throw new EmbedError(
          nonFinite
            ? { code: 'bad_vector', params: {} }
            : { code: 'bad_response', params: { status: res.status } },
          false,
        );
      }
      const parsed = EmbeddingsResponseSchema.safeParse(json);
      if (!parsed.success) {
        throw new EmbedError({ code: 'bad_response', params: { status: res.status } }, false);
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
