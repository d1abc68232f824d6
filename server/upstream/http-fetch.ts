import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/**
 * Every request to an OpenAI-compatible upstream (chat, web search, embeddings), over
 * node:http(s) rather than the global fetch.
 *
 * Node's fetch (undici) cost several times the CPU per streamed answer of the same
 * request through node:http wrapped in a Response, most of it before the first token
 * (measured: docs/FACTS.md, "The server"). This does only what a chat
 * request needs: a POST with a text body, headers, an abort signal and a streamed
 * answer. It follows no redirects (a 3xx is a failed link, worded with its status)
 * and asks for no compression (an event stream should not be compressed anyway).
 */

/** What an upstream request carries; a subset of RequestInit, so the global fetch takes it too. */
export interface UpstreamRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** httpFetch never follows a redirect; this tells a global fetch passed instead the same. */
  redirect?: 'manual';
}

/** httpFetch, or a fetch with its shape (the global one, a test's). */
export type UpstreamFetch = (url: string, init: UpstreamRequest) => Promise<Response>;

/**
 * Idle connections close after this long, under the 5 s many servers keep them; a
 * server's shorter `Keep-Alive: timeout=` hint is honoured by node's agent.
 */
export const IDLE_MS = 4000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Sends `init` to `url` and resolves with the answer as a fetch Response once its headers arrive. */
export function httpFetch(url: string, init: UpstreamRequest): Promise<Response> {
  return send(new URL(url), init, true);
}

function send(url: URL, init: UpstreamRequest, mayRetry: boolean): Promise<Response> {
  const protocol = url.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    return Promise.reject(new TypeError(`Protocolo no admitido: ${protocol}`));
  }
  const client = protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(url, {
      method: init.method,
      headers: {
        'user-agent': 'SOMA',
        ...init.headers,
        'content-length': String(Buffer.byteLength(init.body)),
      },
      agent: agents[protocol],
      signal: init.signal,
    });
    req.on('response', (res) => {
      answered = true;
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const status = res.statusCode ?? 502;
      const body = NULL_BODY.has(status)
        ? null
        : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      if (!body) res.resume();
      resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed just as it was reused: nothing reached
      // the server, so the request is sent once more on a fresh one (as browsers do).
      if (mayRetry && !answered && req.reusedSocket && err.code === 'ECONNRESET') {
        if (!init.signal.aborted) return resolve(send(url, init, false));
      }
      reject(err);
    });
    req.end(init.body);
  });
}

/** The cause of a fetch failure (`ECONNREFUSED`…), which undici hides under "fetch failed". */
export function fetchErrorText(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}
