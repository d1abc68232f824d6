import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { EmbedStatus } from '../common/embedding-schemas.ts';
import { startSoma } from '../e2e/soma-server.ts';
import { EmbeddingsSchema } from '../harness/embeddings-schema.ts';
import { startFakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import { timeStream } from './chat.ts';
import { tldrPages } from './corpus/tldr-pages.ts';
import { e5ShapedModelDir } from './e5-shaped-model.ts';
import { shippedModel } from './embed-onnx-direct.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/**
 * What embedding with the e5-shaped model does to the rest of the built server: notes read
 * through the API and chat's time to first token while it embeds a part of tldr-es in the
 * background, then the same once it is idle, in the same run.
 */

/** Notes of tldr-es the server embeds (every n-th page): long enough to sample, short enough to finish. */
const NOTES = 160;
const READ_EVERY_MS = 50;
/** Pause between two chat measurements (a direct call and one through SOMA). */
const CHAT_EVERY_MS = 100;

/** The harness's semantic model, naming the generated files with their sizes and checksums. */
export async function semanticModel(dir: string) {
  const files = [];
  for (const name of ['model_quantized.onnx', 'tokenizer.json']) {
    const bytes = await readFile(join(dir, name));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    files.push({ name, path: name, bytes: bytes.length, sha256 });
  }
  return { ...shippedModel(), files };
}

interface Samples {
  reads: number[];
  direct: number[];
  soma: number[];
}

/** Reads a note every READ_EVERY_MS and times chat both ways until `stop` says so. */
async function sample(
  read: (i: number) => Promise<number>,
  chat: () => Promise<{ direct: number; soma: number }>,
  stop: (s: Samples) => boolean | Promise<boolean>,
): Promise<Samples> {
  const s: Samples = { reads: [], direct: [], soma: [] };
  let going = true;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const reader = (async () => {
    for (let i = 0; going; i++) {
      s.reads.push(await read(i));
      await pause(READ_EVERY_MS);
    }
  })();
  const chatter = (async () => {
    while (going) {
      const t = await chat();
      s.direct.push(t.direct);
      s.soma.push(t.soma);
      await pause(CHAT_EVERY_MS);
    }
  })();
  while (!(await stop(s))) await pause(250);
  going = false;
  await Promise.all([reader, chatter]);
  return s;
}

/** embed.onnx_note_read_while_embedding_ms and chat.ttft_overhead_ms_while_embedding. */
export async function benchOnnxServer(opts: { quick: boolean }): Promise<BenchResult[]> {
  const model = await e5ShapedModelDir();
  const m = shippedModel();
  const all = Object.entries(tldrPages());
  const count = opts.quick ? 40 : NOTES;
  const step = Math.max(1, Math.floor(all.length / count));
  const notes = Object.fromEntries(all.filter((_, i) => i % step === 0).slice(0, count));
  const paths = Object.keys(notes);
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
    nodeArgs: (await serveCommand()).nodeArgs,
    harness: { providers: [provider], embeddings, semanticModel: await semanticModel(model.dir) },
  });
  try {
    const token = new URL(soma.loginLink).hash.replace('#login=', '');
    const login = await fetch(`${soma.url}/api/session`, {
      method: 'POST',
      headers: { origin: soma.url, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const status = async (): Promise<EmbedStatus> => {
      const res = await fetch(`${soma.url}/api/embeddings/status`, { headers: { cookie } });
      const s = (await res.json()) as EmbedStatus;
      if (s.state === 'failing' || s.state === 'off') {
        throw new Error(
          `bench onnx: el servidor no embebe (${s.state}): ${JSON.stringify(s.lastError)}`,
        );
      }
      return s;
    };
    const read = async (i: number): Promise<number> => {
      const path = encodeURIComponent(paths[(i * 37) % paths.length] ?? '');
      const t0 = performance.now();
      const res = await fetch(`${soma.url}/api/vault/note?path=${path}`, { headers: { cookie } });
      await res.text();
      if (!res.ok) throw new Error(`bench onnx: GET /api/vault/note ${res.status}`);
      return performance.now() - t0;
    };
    const viaSoma: RequestInit = {
      method: 'POST',
      headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hola' }),
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
    const chat = async () => ({
      direct: (await timeStream(`${upstream.url}/chat/completions`, direct, '"content":"Hola"'))
        .ttft,
      soma: (await timeStream(`${soma.url}/api/chat`, viaSoma, 'event: delta')).ttft,
    });
    // The first read waits for the vault's first scan and the first chat for its connections.
    await read(0);
    await chat();
    for (
      let s = await status();
      s.state !== 'embedding' || s.progress.notesDone === 0;
      s = await status()
    ) {
      if (s.progress.notesTotal > 0 && s.progress.notesDone >= s.progress.notesTotal) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const start = await status();
    const t0 = performance.now();
    let end = start;
    const busy = await sample(read, chat, async () => {
      end = await status();
      return end.progress.notesDone >= end.progress.notesTotal;
    });
    const busyS = (performance.now() - t0) / 1000;
    const load = round2(loadavg()[0] ?? 0);
    const idle = await sample(
      read,
      chat,
      (s) =>
        s.reads.length >= Math.max(busy.reads.length, 20) &&
        s.soma.length >= Math.max(busy.soma.length, 10),
    );
    const chunks = end.progress.chunks - start.progress.chunks;
    const overhead = (s: Samples) => median(s.soma) - median(s.direct);
    const during =
      `while the built server embedded ${end.progress.notesDone - start.progress.notesDone} of ${count} tldr-es notes ` +
      `(${chunks} chunks in ${round2(busyS)} s, ${round2(chunks / busyS)} chunks/s) with the generated e5-shaped int8 model ` +
      `through its harness (kind onnx, «${m.documentPrefix}», batches of ${m.batchSize}, on the default CPU budget of one core; machine load average ${load})`;
    return [
      {
        name: 'embed.onnx_note_read_while_embedding_ms',
        value: round2(percentile(busy.reads, 0.95)),
        unit: 'ms',
        baseline: {
          name: 'the same reads once the server is idle, p95',
          value: round2(percentile(idle.reads, 0.95)),
        },
        note: `GET /api/vault/note every ${READ_EVERY_MS} ms ${during}: p95 of ${busy.reads.length} reads (median ${round2(median(busy.reads))}, max ${round2(Math.max(...busy.reads))} ms); idle: ${idle.reads.length} reads, median ${round2(median(idle.reads))} ms; chat was being timed meanwhile in both phases`,
      },
      {
        name: 'chat.ttft_overhead_ms_while_embedding',
        value: round2(overhead(busy)),
        unit: 'ms',
        baseline: {
          name: 'the same overhead once the server is idle',
          value: round2(overhead(idle)),
        },
        note: `median time to first token through SOMA less a direct call to the same fake upstream, ${busy.soma.length} alternating pairs ${during} (through SOMA ${round2(median(busy.soma))} ms, direct ${round2(median(busy.direct))} ms); idle: ${idle.soma.length} pairs, ${round2(median(idle.soma))} vs ${round2(median(idle.direct))} ms; notes were being read meanwhile in both phases`,
      },
    ];
  } finally {
    await soma.stop();
    await upstream.close();
  }
}
