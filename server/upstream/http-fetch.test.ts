import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch, IDLE_MS, type UpstreamRequest } from './http-fetch.ts';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

/** Serves `handler` on a free port; returns its base URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (body = '{"a":1}', signal = new AbortController().signal): UpstreamRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
  body,
  signal,
});

describe('server/upstream/http-fetch', () => {
  it('sends method, headers and body, and answers status, headers and the streamed body', async () => {
    let seen: { method?: string; headers?: Record<string, unknown>; body?: string } = {};
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => {
        body += d;
      });
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
        res.write('{"error":');
        res.end('"lento"}');
      });
    });
    const res = await httpFetch(`${url}/v1/chat/completions`, post('{"pregunta":"¿sí?"}'));
    expect(res.ok).toBe(false);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({ error: 'lento' });
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"pregunta":"¿sí?"}');
    expect(seen.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-length': String(Buffer.byteLength('{"pregunta":"¿sí?"}')),
    });
  });

  it('sends again, once, on a fresh connection when a kept-alive one was reset on reuse', async () => {
    const connections: number[] = [];
    let count = 0;
    const url = await serve((req, res) => {
      const n = (req.socket as { n?: number } & typeof req.socket).n ?? count++;
      (req.socket as { n?: number } & typeof req.socket).n = n;
      connections.push(n);
      req.resume();
      // The second request on the first connection finds it closed, as a server's
      // idle time-out would leave it.
      if (n === 0 && connections.filter((c) => c === 0).length === 2) {
        req.socket.destroy();
        return;
      }
      req.on('end', () => res.end('ok'));
    });
    expect(await (await httpFetch(url, post())).text()).toBe('ok');
    expect(await (await httpFetch(url, post())).text()).toBe('ok');
    expect(connections).toEqual([0, 0, 1]);
  });

  it('rejects with the abort when the signal fires before the answer', async () => {
    const url = await serve(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = httpFetch(url, post('{}', controller.signal));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('errors the body when the signal fires while it streams', async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: uno\n\n');
    });
    const controller = new AbortController();
    const res = await httpFetch(url, post('{}', controller.signal));
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: uno\n\n');
    controller.abort();
    await expect(reader.read()).rejects.toBeDefined();
  });

  it('keeps a streaming answer that pauses longer than the idle time-out (only idle pooled sockets close)', async () => {
    // A model that thinks for a while between tokens: the agent's socket time-out must not cut it.
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: uno\n\n');
      setTimeout(() => res.end('data: dos\n\n'), IDLE_MS + 500);
    });
    const res = await httpFetch(url, post());
    expect(await res.text()).toBe('data: uno\n\ndata: dos\n\n');
  });

  it('refuses a URL that is not http or https', async () => {
    await expect(httpFetch('file:///etc/passwd', post())).rejects.toThrow(/file:/);
  });
});
