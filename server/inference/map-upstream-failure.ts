import type { LinkFailure, NoticeParams } from '../../common/notice-schemas.ts';
import type { Provider } from '../../harness/schema.ts';
import type { UpstreamFailure } from '../upstream/openai-client.ts';

/**
 * What an upstream failure means for the chain (try the next link or stop),
 * as data the UI words (a LinkFailure), and how it reads in Spanish for API users
 * and the CLI. Kept apart from the streaming loop so that the policy can be read
 * in one place.
 */

/** Why a link was left for the next one. */
export type FallbackReason =
  | 'rate_limited'
  | 'upstream_error'
  | 'auth'
  | 'timeout'
  | 'connection'
  | 'bad_response';

/** A non-2xx answer that hands over to the next link (a rejected request stops the chain). */
export type StatusFailure = Extract<
  UpstreamFailure,
  { kind: 'rate_limited' | 'unauthorized' | 'server_error' | 'bad_response' }
>;

/** Reason, error code (when text had streamed) and failure for a non-2xx answer. */
export function statusFailure(
  failure: StatusFailure,
  upstream: string,
): [FallbackReason, string, LinkFailure] {
  const { status } = failure;
  if (failure.kind === 'rate_limited') {
    const ms = failure.retryAfterMs;
    const params: NoticeParams = ms === null ? {} : { retryAfter: Math.ceil(ms / 1000) };
    return ['rate_limited', 'rate_limited', { code: 'rate_limited', params }];
  }
  if (failure.kind === 'unauthorized') {
    return ['auth', 'auth', { code: 'auth', params: { status } }];
  }
  const params: NoticeParams = upstream ? { status, detail: upstream } : { status };
  return ['upstream_error', 'upstream_error', { code: 'upstream_error', params }];
}

/** A link failure in Spanish, for the `message` that API users and the CLI read. */
export function failureText(failure: LinkFailure): string {
  const p = failure.params;
  const detail = p.detail === undefined ? '' : `: ${p.detail}`;
  switch (failure.code) {
    case 'missing_key':
      return `falta la variable de entorno ${p.env}`;
    case 'rate_limited':
      return p.retryAfter === undefined
        ? 'límite de uso alcanzado'
        : `límite de uso alcanzado (se podrá reintentar en ${p.retryAfter} s)`;
    case 'auth':
      return `la clave no es válida o no tiene permiso (HTTP ${p.status})`;
    case 'upstream_error':
      return `error del servidor (HTTP ${p.status})${detail}`;
    case 'rejected':
      return `rechazó la petición (HTTP ${p.status})${detail}`;
    case 'timeout':
      return `sin respuesta en ${String(p.seconds).replace('.', ',')} s`;
    case 'connection':
      return `no se pudo conectar (${p.cause})`;
    case 'stream_lost':
      return `la conexión se cortó (${p.cause})`;
    case 'ended_early':
      return 'la respuesta terminó antes de tiempo';
    case 'no_body':
      return 'respuesta sin cuerpo';
    case 'bad_chunk':
      return 'envió un fragmento ilegible';
    case 'provider_error':
      return `error del proveedor: ${p.detail ?? 'sin detalle'}`;
    case 'empty':
      return 'respuesta vacía';
  }
}

/** Told when no link can be tried: how to get one, in the user's words rather than ours. */
export function noProviderMessage(providers: Provider[]): string {
  const vars = providers.flatMap((p) => (p.apiKeyEnv ? [p.apiKeyEnv] : []));
  const keys = vars.length > 0 ? vars.join(' o ') : 'GROQ_API_KEY o OPENROUTER_API_KEY';
  return [
    'No hay ningún proveedor de modelos disponible.',
    `Define ${keys} en el entorno antes de arrancar SOMA,`,
    'o añade al arnés (harness/soma.json, "providers") un servidor local sin clave:',
    'Ollama en http://127.0.0.1:11434/v1 o llama.cpp en http://127.0.0.1:8080/v1.',
  ].join(' ');
}
