import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type ChatBody, errorBody, type Script, type Step, streamSteps } from './scripts.ts';

export type { Script, UsageStyle } from './scripts.ts';
export { echoText, MALFORMED_FRAME, words } from './scripts.ts';

/**
 * An OpenAI-compatible server that answers from scripts: the only thing SOMA
 * fakes. Built on `node:http` rather than Hono so that it behaves like a
 * remote (real sockets, chunked bodies, hang-ups) for tests, benchmarks and
 * key-less demos.
 */

/** One request as the fake received it. */
export interface RecordedRequest {
  /** 0 for the first request this server received. */
  index: number;
  method: string;
  /** Path with query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased names, `authorization` included. */
  headers: IncomingHttpHeaders;
  /** The JSON body, the raw text when it is not JSON, or null when empty. */
  body: unknown;
  /** True once the client closed the connection before the answer was complete. */
  aborted: boolean;
  /** Which connection carried it: 0 for the server's first, the same number when a client reuses one. */
  connection: number;
}

/** Chooses a script per request, e.g. by `req.body.model` or by `req.index`. */
export type ScriptChooser = (req: RecordedRequest) => Script;

export interface FakeUpstream {
  /** Base URL to put in a provider's `baseUrl`: `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  setScript(script: Script | ScriptChooser): void;
  /**
   * Resolves once `check` holds, tested now and again whenever a request arrives, its body
   * is read or a client hangs up: a test waits on the event, not on a timer.
   */
  until(check: () => boolean): Promise<void>;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

export interface FakeUpstreamOptions {
  /** 0 (the default) lets the system pick a free port. */
  port?: number;
  /** Used until `setScript` is called; `echo` by default. */
  defaultScript?: Script;
  /** Listed by `GET /v1/models`. */
  models?: string[];
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

/** Starts a fake upstream on 127.0.0.1. */
export async function startFakeUpstream(opts: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let choose: ScriptChooser = () => opts.defaultScript ?? { kind: 'echo' };
  const models = opts.models ?? ['fake-model'];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const w of [...waiters]) w();
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  const connections = new WeakMap<Socket, number>();
  let connectionCount = 0;
  server.on('connection', (socket: Socket) => connections.set(socket, connectionCount++));
  // No idle time-out of ours on kept-alive sockets: Node's 5 s races the client's own
  // (about 4 s) on a busy machine, and a request sent on a socket being closed fails as a
  // connection error. The client alone closes idle sockets; close() ends the rest.
  server.keepAliveTimeout = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rec: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: null,
      aborted: false,
      connection: connections.get(req.socket) ?? -1,
    };
    requests.push(rec);
    changed();
    res.on('close', () => {
      if (!res.writableFinished) rec.aborted = true;
      changed();
    });
    rec.body = await readBody(req);
    changed();
    const path = rec.path.split('?')[0];
    if (rec.method === 'GET' && path === '/v1/models') {
      const data = models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' }));
      return json(res, 200, { object: 'list', data });
    }
    if (rec.method !== 'POST' || path !== '/v1/chat/completions') {
      return json(res, 404, { error: { message: `Unknown route ${rec.method} ${path}` } });
    }
    const body = (typeof rec.body === 'object' && rec.body !== null ? rec.body : {}) as ChatBody;
    const script = choose(rec);
    const model = String(body.model ?? models[0]);
    if (script.kind === 'hang') return;
    if (script.kind === 'status') {
      const headers: Record<string, string> = {};
      if (script.status === 429) headers['retry-after'] = String(script.retryAfterSec ?? 7);
      return json(res, script.status, errorBody(script.status, model, script.message), headers);
    }
    const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
    const steps = streamSteps(script, body, promptTokens);
    if (body.stream === true) return run(res, steps);
    if (script.kind === 'cut') return void res.destroy();
    if (script.kind === 'stall') return;
    if (script.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{"choices":[{"mess');
    }
    json(res, 200, completion(model, steps, promptTokens));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(script) {
      choose = typeof script === 'function' ? script : () => script;
    },
    until: (check) =>
      new Promise<void>((resolve) => {
        const test = () => {
          if (!check()) return;
          waiters.delete(test);
          resolve();
        };
        waiters.add(test);
        test();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Plays the steps of a stream, stopping as soon as the client hangs up. */
async function run(res: ServerResponse, steps: Step[]): Promise<void> {
  for (const step of steps) {
    if (res.destroyed) return;
    if ('wait' in step) await pause(res, step.wait);
    else if ('write' in step) {
      if (!res.headersSent) res.writeHead(200, SSE_HEADERS);
      // Wait for the flush so that a following `destroy` cannot swallow these bytes.
      await new Promise<void>((resolve) => res.write(step.write, () => resolve()));
    } else if ('stall' in step) {
      if (!res.destroyed) await new Promise((resolve) => res.once('close', resolve));
      return;
    } else return void res.destroy();
  }
  if (!res.headersSent) res.writeHead(200, SSE_HEADERS);
  res.end();
}

/** Waits `ms`, or less if the client hangs up meanwhile. */
function pause(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once('close', done);
  });
}

/** A non-streamed `chat.completion` with the text the stream would have carried. */
function completion(model: string, steps: Step[], promptTokens: number): unknown {
  const text = steps
    .flatMap((s) => ('write' in s && s.write.startsWith('data: {') ? [s.write.slice(6)] : []))
    .map((frame) => JSON.parse(frame) as { choices: { delta?: { content?: string } }[] })
    .map((chunk) => chunk.choices[0]?.delta?.content ?? '')
    .join('');
  const completionTokens = Math.max(1, Math.ceil(text.length / 4));
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}
