import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type OpenAiCall, openaiJson, openaiStream } from './openai-client.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** What a test server saw: every request's path and headers. */
interface Seen {
  requests: { url: string; headers: IncomingMessage['headers']; body: string }[];
}

/** Serves `handler` on 127.0.0.1 at a free port; returns its base URL and what it saw. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ baseUrl: string; seen: Seen }> {
  const seen: Seen = { requests: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', () => {
      seen.requests.push({ url: req.url ?? '', headers: req.headers, body });
      handler(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const call = (baseUrl: string, extra: Partial<OpenAiCall> = {}): OpenAiCall => ({
  baseUrl,
  path: 'embeddings',
  key: null,
  body: { model: 'm', input: ['hola'] },
  timeoutMs: 5_000,
  ...extra,
});

const answer =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

describe('server/upstream/openai-client', () => {
  it('posts the JSON body to base URL + path and reads the JSON answer', async () => {
    const { baseUrl, seen } = await serve(answer(200, '{"data":[]}'));
    const outcome = await openaiJson(call(`${baseUrl}/`));
    expect(outcome).toEqual({ kind: 'ok', status: 200, json: { data: [] } });
    expect(seen.requests[0]?.url).toBe('/v1/embeddings');
    expect(JSON.parse(seen.requests[0]?.body ?? '')).toEqual({ model: 'm', input: ['hola'] });
    expect(seen.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends the key as a Bearer header when there is one, and no Authorization otherwise', async () => {
    const { baseUrl, seen } = await serve(answer(200, '{}'));
    await openaiJson(call(baseUrl, { key: 'sk-prueba' }));
    await openaiJson(call(baseUrl));
    expect(seen.requests[0]?.headers.authorization).toBe('Bearer sk-prueba');
    expect(seen.requests[1]?.headers).not.toHaveProperty('authorization');
  });

  it('reads a 429 with Retry-After in seconds as rate_limited with the wait in ms', async () => {
    const { baseUrl } = await serve(
      answer(429, '{"error":{"message":"despacio"}}', { 'retry-after': '7' }),
    );
    const outcome = await openaiJson(call(baseUrl));
    expect(outcome).toEqual({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 7_000,
      text: '{"error":{"message":"despacio"}}',
    });
  });

  it('reads a 429 with Retry-After as an HTTP date as the wait until that date', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    const { baseUrl } = await serve(answer(429, '', { 'retry-after': at }));
    const outcome = await openaiJson(call(baseUrl));
    if (outcome.kind !== 'rate_limited') throw new Error(`esperaba rate_limited: ${outcome.kind}`);
    // The date has whole seconds, so the wait is a little under two minutes, never over.
    expect(outcome.retryAfterMs).toBeGreaterThan(60_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('reads a 429 without Retry-After as rate_limited with no wait given', async () => {
    const { baseUrl } = await serve(answer(429, ''));
    expect(await openaiJson(call(baseUrl))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: null,
    });
  });

  it('maps 5xx to server_error, 401/403 to unauthorized, 400 to rejected and 404 to bad_response', async () => {
    const statuses = [503, 401, 403, 400, 422, 404];
    const kinds: string[] = [];
    for (const status of statuses) {
      const { baseUrl } = await serve(answer(status, '{"error":{"message":"no"}}'));
      const outcome = await openaiJson(call(baseUrl));
      kinds.push(outcome.kind);
      expect(outcome).toMatchObject({ status, text: '{"error":{"message":"no"}}' });
    }
    expect(kinds).toEqual([
      'server_error',
      'unauthorized',
      'unauthorized',
      'rejected',
      'rejected',
      'bad_response',
    ]);
  });

  for (const [name, fetchFn] of [
    ['httpFetch', undefined],
    ['a global fetch passed in', fetch],
  ] as const) {
    it(`refuses a redirect with ${name}: a bad_response with its status, its target never asked`, async () => {
      const target = await serve(answer(200, '{"data":[]}'));
      const { baseUrl } = await serve(
        answer(307, '', { location: `${target.baseUrl}/embeddings` }),
      );
      const outcome = await openaiJson(call(baseUrl, fetchFn ? { fetch: fetchFn } : {}));
      expect(outcome).toMatchObject({ kind: 'bad_response', status: 307 });
      expect(target.seen.requests).toHaveLength(0);
    });
  }

  it('answers malformed when a 2xx body is not JSON, with the text for the caller', async () => {
    const { baseUrl } = await serve(answer(200, '{"data":[NaN]}'));
    expect(await openaiJson(call(baseUrl))).toEqual({
      kind: 'malformed',
      status: 200,
      text: '{"data":[NaN]}',
    });
  });

  it('times out an upstream that never answers', async () => {
    const { baseUrl } = await serve(() => {
      // Never answers.
    });
    expect(await openaiJson(call(baseUrl, { timeoutMs: 100 }))).toEqual({
      kind: 'timeout',
      timeoutMs: 100,
    });
  });

  it('times out a 2xx whose body stops coming', async () => {
    const { baseUrl } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    });
    expect(await openaiJson(call(baseUrl, { timeoutMs: 100 }))).toMatchObject({ kind: 'timeout' });
  });

  it('answers aborted, not timeout or network, when the caller aborts', async () => {
    const controller = new AbortController();
    const { baseUrl } = await serve(() => controller.abort());
    const outcome = await openaiJson(call(baseUrl, { signal: controller.signal }));
    expect(outcome).toEqual({ kind: 'aborted' });
  });

  it('answers network with the error code when nobody listens', async () => {
    const { baseUrl } = await serve(answer(200, '{}'));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await openaiJson(call(baseUrl))).toEqual({ kind: 'network', cause: 'ECONNREFUSED' });
  });

  it('hands a streamed 2xx to the reader with a deadline it re-arms and closes', async () => {
    const { baseUrl, seen } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: uno\n\n');
    });
    const outcome = await openaiStream(call(baseUrl, { path: 'chat/completions', timeoutMs: 100 }));
    if (outcome.kind !== 'ok') throw new Error(`esperaba ok: ${outcome.kind}`);
    expect(seen.requests[0]?.headers.accept).toBe('text/event-stream');
    const reader = outcome.response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: uno\n\n');
    // Nothing more comes: the deadline aborts the body and says it was the time-out.
    await expect(reader.read()).rejects.toThrow();
    expect(outcome.deadline.timedOut).toBe(true);
    outcome.deadline.close();
  });
});
