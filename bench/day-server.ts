import type { EmbedStatus } from '../common/embedding-schemas.ts';
import { type RunningSoma, startSoma } from '../e2e/soma-server.ts';
import { EmbeddingsSchema } from '../harness/embeddings-schema.ts';
import { startFakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import { timeStream } from './chat.ts';
import { lanFromOutput, PHONE_HOST } from './day-phone.ts';
import { e5ShapedModelDir } from './e5-shaped-model.ts';
import { shippedModel } from './embed-onnx-direct.ts';
import { semanticModel } from './embed-onnx-server.ts';
import { serveCommand } from './serve-args.ts';

/** How long a chat turn may take before it counts as lost. */
const TURN_TIMEOUT_MS = 15_000;

/** The built server of the day bench, signed in from Node, with its fake upstream. */
export interface DayServer {
  soma: RunningSoma;
  /** The session cookie (`name=value`) the bench and the laptop tab share. */
  cookie: string;
  /** The LAN listener's address and certificate key. */
  lanUrl: string;
  spki: string;
  /** Requests per batch of the model's harness. */
  batchSize: number;
  /** A POST with the laptop's origin and session; throws unless 2xx. */
  post: (path: string, body: unknown) => Promise<void>;
  embedStatus: () => Promise<EmbedStatus>;
  /** One chat turn: time to first token direct to the upstream, then through SOMA (ms). */
  chatTurn: () => Promise<{ direct: number; soma: number }>;
  stop: () => Promise<void>;
}

/**
 * Starts the built server over `notes` with the e5-shaped model (kind onnx, the shipped
 * budget), a fake upstream for chat and the LAN listener for the phone, and signs in.
 */
export async function startDayServer(notes: Record<string, string>): Promise<DayServer> {
  const model = await e5ShapedModelDir();
  const m = shippedModel();
  const upstream = await startFakeUpstream({
    defaultScript: { kind: 'text', chunks: ['Hola', ' desde', ' el', ' modelo.'], delayMs: 2 },
  });
  const embeddings = EmbeddingsSchema.parse({
    embedder: {
      kind: 'onnx',
      modelDir: model.dir,
      dimensions: m.dimensions,
      batchSize: m.batchSize,
      maxTokens: m.maxTokens,
      queryPrefix: m.queryPrefix,
      documentPrefix: m.documentPrefix,
    },
  });
  const provider = {
    id: 'local',
    label: 'Local',
    baseUrl: upstream.url,
    apiKeyEnv: null,
    models: ['m'],
    timeoutMs: 10_000,
  };
  const soma = await startSoma(notes, {
    // A diagnosis may load a probe into the server (bench/diagnostics/server-loop-probe.mjs).
    nodeArgs: [
      ...(await serveCommand()).nodeArgs,
      ...(process.env.SOMA_DAY_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    harness: { providers: [provider], embeddings, semanticModel: await semanticModel(model.dir) },
    args: ['--lan', '--lan-host', PHONE_HOST, '--lan-address', '127.0.0.1'],
    // Its own session, as `npm start` in a terminal: the bench's driver and fake upstream
    // (another machine, for a person) stay out of its share of the CPU.
    ownSession: true,
  });
  const stop = async () => {
    await soma.stop();
    await upstream.close();
  };
  try {
    const token = new URL(soma.loginLink).hash.replace('#login=', '');
    const login = await fetch(`${soma.url}/api/session`, {
      method: 'POST',
      headers: { origin: soma.url, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${soma.url}${path}`, {
        method: 'POST',
        headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`bench day: POST ${path} ${res.status}`);
    };
    const direct: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'hola' }],
      }),
    };
    const viaSoma: RequestInit = {
      method: 'POST',
      headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hola' }),
    };
    const signal = () => AbortSignal.timeout(TURN_TIMEOUT_MS);
    return {
      soma,
      cookie,
      ...lanFromOutput(soma.output()),
      batchSize: m.batchSize,
      post,
      embedStatus: async () =>
        (await fetch(`${soma.url}/api/embeddings/status`, { headers: { cookie } })).json(),
      chatTurn: async () => ({
        direct: (
          await timeStream(
            `${upstream.url}/chat/completions`,
            { ...direct, signal: signal() },
            '"content":"Hola"',
          )
        ).ttft,
        soma: (
          await timeStream(`${soma.url}/api/chat`, { ...viaSoma, signal: signal() }, 'event: delta')
        ).ttft,
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
