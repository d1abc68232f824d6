import { fetchErrorText, httpFetch, type UpstreamFetch } from './http-fetch.ts';
import { IdleDeadline } from './idle-deadline.ts';
import { parseRetryAfter } from './retry-after.ts';

/**
 * The one client for OpenAI-compatible upstreams (chat, web search, embeddings): it builds
 * the request, sends it through httpFetch (kept-alive connections, no redirects followed),
 * bounds it with a time-out, and answers every way a call can go as one union, so each
 * caller words the outcome and nobody maps statuses or reads `Retry-After` again.
 */

/** One POST to an OpenAI-compatible API. */
export interface OpenAiCall {
  /** Base of the API (`…/v1`); `path` is appended after one slash. */
  baseUrl: string;
  /** `chat/completions`, `embeddings`. */
  path: string;
  /** Sent as `Authorization: Bearer`; null sends no such header. */
  key: string | null;
  /** Sent as JSON. */
  body: unknown;
  /** How long the upstream may keep us waiting (re-armed by a stream's reader). */
  timeoutMs: number;
  /** The caller's abort (a client gone, consent withdrawn). */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Instead of httpFetch: tests, and the web search, which reads the answer twice. */
  fetch?: UpstreamFetch;
}

/** Every way a call can fail; `text` is the upstream's error body, not yet checked for keys. */
export type UpstreamFailure =
  | { kind: 'rate_limited'; status: 429; retryAfterMs: number | null; text: string }
  /** 401 or 403: the key is wrong or lacks permission. */
  | { kind: 'unauthorized'; status: number; text: string }
  /** 400, 413 or 422: the request itself is wrong, so any other upstream would refuse it too. */
  | { kind: 'rejected'; status: number; text: string }
  | { kind: 'server_error'; status: number; text: string }
  /** Any other status, a redirect (refused, never followed) among them. */
  | { kind: 'bad_response'; status: number; text: string }
  | { kind: 'timeout'; timeoutMs: number }
  /** Nothing answered: refused, reset, unknown host (`cause` is the error's code). */
  | { kind: 'network'; cause: string }
  /** The caller's signal aborted. */
  | { kind: 'aborted' };

/** A streamed call: the answer's headers arrived with a 2xx; the reader re-arms `deadline` and closes it. */
export type StreamOutcome =
  | { kind: 'ok'; response: Response; deadline: IdleDeadline }
  | UpstreamFailure;

/** A one-shot call: the whole body read and parsed as JSON. */
export type JsonOutcome =
  | { kind: 'ok'; status: number; json: unknown }
  | { kind: 'malformed'; status: number; text: string }
  | UpstreamFailure;

const REQUEST_REJECTED = new Set([400, 413, 422]);

/** Sends `call` for a streamed answer (`text/event-stream`). */
export function openaiStream(call: OpenAiCall): Promise<StreamOutcome> {
  return send(call, 'text/event-stream');
}

/** Sends `call` and reads its JSON answer. */
export async function openaiJson(call: OpenAiCall): Promise<JsonOutcome> {
  const sent = await send(call, 'application/json');
  if (sent.kind !== 'ok') return sent;
  const { response, deadline } = sent;
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    return transportFailure(deadline, err);
  } finally {
    deadline.close();
  }
  try {
    return { kind: 'ok', status: response.status, json: JSON.parse(text) };
  } catch {
    return { kind: 'malformed', status: response.status, text };
  }
}

async function send(call: OpenAiCall, accept: string): Promise<StreamOutcome> {
  const deadline = new IdleDeadline(call.timeoutMs, call.signal);
  let res: Response;
  try {
    res = await (call.fetch ?? httpFetch)(`${call.baseUrl.replace(/\/+$/, '')}/${call.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        ...call.headers,
        // The key travels only in this header, never in a URL or a body.
        ...(call.key ? { authorization: `Bearer ${call.key}` } : {}),
      },
      body: JSON.stringify(call.body),
      signal: deadline.signal,
      redirect: 'manual',
    });
  } catch (err) {
    deadline.close();
    return transportFailure(deadline, err);
  }
  if (res.ok) return { kind: 'ok', response: res, deadline };
  const text = await res.text().catch(() => '');
  deadline.close();
  if (deadline.callerAborted) return { kind: 'aborted' };
  if (deadline.timedOut) return { kind: 'timeout', timeoutMs: deadline.ms };
  return statusFailure(res, text);
}

/** What a thrown fetch or body read means: the caller's abort, the time-out, or the network. */
export function transportFailure(
  deadline: IdleDeadline,
  err: unknown,
): Extract<UpstreamFailure, { kind: 'aborted' | 'timeout' | 'network' }> {
  if (deadline.callerAborted) return { kind: 'aborted' };
  if (deadline.timedOut) return { kind: 'timeout', timeoutMs: deadline.ms };
  return { kind: 'network', cause: fetchErrorText(err) };
}

function statusFailure(res: Response, text: string): UpstreamFailure {
  const status = res.status;
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    return { kind: 'rate_limited', status, retryAfterMs, text };
  }
  if (status === 401 || status === 403) return { kind: 'unauthorized', status, text };
  if (REQUEST_REJECTED.has(status)) return { kind: 'rejected', status, text };
  if (status >= 500) return { kind: 'server_error', status, text };
  return { kind: 'bad_response', status, text };
}
