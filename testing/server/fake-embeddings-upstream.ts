import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testVector } from '../../server/embeddings/test-embedder.ts';

/**
 * A fake OpenAI-compatible `/v1/embeddings` server for tests and the bench. Each request
 * takes the next behaviour from the script (then `ok` forever): vectors from the test
 * embedder, or one of the failures a real endpoint shows. `held` answers `ok` only when
 * the test calls `release()` (a request the test knows is in flight); `redirect` answers
 * 307 to `redirectTo`'s `/embeddings`.
 */
export type EmbeddingsBehaviour =
  | 'ok'
  | '429'
  | '500'
  | 'hang'
  | 'held'
  | 'redirect'
  | 'wrong_dimension'
  | 'nan'
  | 'fewer'
  | 'not_json';

export interface FakeEmbeddingsUpstream {
  /** Base URL to put in the harness (`…/v1`). */
  baseUrl: string;
  /** Behaviours still to come, in order; push more at any time. */
  script: EmbeddingsBehaviour[];
  /** Every request's inputs and Authorization header, in order. */
  requests: { input: string[]; model: string; authorization: string | null }[];
  /** Answers every `held` request so far (`ok`), if its client still waits. */
  release(): void;
  close(): Promise<void>;
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

async function readJson(req: IncomingMessage): Promise<{ input?: unknown; model?: unknown }> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

/** Starts the fake on a free loopback port; vectors have `dimensions` components. */
export async function startFakeEmbeddingsUpstream(
  opts: { dimensions?: number; script?: EmbeddingsBehaviour[]; redirectTo?: string } = {},
): Promise<FakeEmbeddingsUpstream> {
  const dimensions = opts.dimensions ?? 64;
  const script = [...(opts.script ?? [])];
  const requests: FakeEmbeddingsUpstream['requests'] = [];
  const held: (() => void)[] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return send(res, 404, '{}');
    const body = await readJson(req);
    const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
    requests.push({
      input,
      model: String(body.model),
      authorization: req.headers.authorization ?? null,
    });
    let behaviour = script.shift() ?? 'ok';
    if (behaviour === 'hang') return; // the socket stays open until close()
    if (behaviour === 'held') {
      await new Promise<void>((resolve) => held.push(resolve));
      behaviour = 'ok';
    }
    if (behaviour === '429') {
      return send(res, 429, '{"error":{"message":"slow down"}}', { 'retry-after': '0' });
    }
    if (behaviour === 'redirect') {
      return send(res, 307, '{}', { location: `${opts.redirectTo ?? ''}/embeddings` });
    }
    if (behaviour === '500') return send(res, 500, '{"error":{"message":"boom"}}');
    if (behaviour === 'not_json') return send(res, 200, '<html>proxy</html>');
    const count = behaviour === 'fewer' ? Math.max(0, input.length - 1) : input.length;
    const dims = behaviour === 'wrong_dimension' ? dimensions + 1 : dimensions;
    const data = input.slice(0, count).map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [...testVector(text, dims)],
    }));
    let json = JSON.stringify({ object: 'list', model: body.model, data });
    // Python's json module writes NaN bare, which is not JSON: some servers do exactly this.
    if (behaviour === 'nan') json = json.replace(/"embedding":\[[^,\]]+/, '"embedding":[NaN');
    send(res, 200, json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script,
    requests,
    release() {
      for (const resolve of held.splice(0)) resolve();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
