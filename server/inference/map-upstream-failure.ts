import type { Provider } from '../../harness/schema.ts';

/**
 * What an upstream failure means for the chain (try the next link or stop)
 * and how it reads for the user, in Spanish. Kept apart from the streaming
 * loop so that the policy can be read in one place.
 */

/** Why a link was left for the next one. */
export type FallbackReason =
  | 'rate_limited'
  | 'upstream_error'
  | 'auth'
  | 'timeout'
  | 'connection'
  | 'bad_response';

/** Statuses that say the request itself is wrong, so every other link would refuse it too. */
export const REQUEST_REJECTED = new Set([400, 413, 422]);

/** Reason, error code (when text had streamed) and Spanish message for a non-2xx answer. */
export function statusFailure(
  status: number,
  retryAfter: string | null,
  upstream: string,
): [FallbackReason, string, string] {
  const detail = upstream ? `: ${upstream}` : '';
  if (status === 429) {
    const seconds = retryAfterSeconds(retryAfter);
    const when = seconds === null ? '' : ` (se podrá reintentar en ${seconds} s)`;
    return ['rate_limited', 'rate_limited', `límite de uso alcanzado${when}`];
  }
  if (status === 401 || status === 403) {
    return ['auth', 'auth', `la clave no es válida o no tiene permiso (HTTP ${status})`];
  }
  return ['upstream_error', 'upstream_error', `error del servidor (HTTP ${status})${detail}`];
}

/** `retry-after` as whole seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The cause of a fetch failure (`ECONNREFUSED`…), which undici hides under "fetch failed". */
export function fetchErrorText(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Removes every key from a text bound for the user; some providers echo part of a bad key. */
export function redact(text: string, secrets: string[]): string {
  return secrets.reduce((t, s) => t.split(s).join('***'), text);
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
