import { startSoma } from '../e2e/soma-server.ts';
import { startFakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import { pinToCores } from './pin-to-cores.ts';
import { rssMb } from './process-memory.ts';
import { type BenchResult, median, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** How long each of the concurrent streams lasts while memory is sampled. */
const STREAM_SECONDS = 3;
/** How often the server's RSS is read while the streams run. */
const RSS_SAMPLE_MS = 100;

/** How many answers stream at once while memory is sampled (20; the bench also measures 50). */
const STREAM_COUNTS = [20, 50] as const;

/** Milliseconds from sending the request to the first byte matching `first`, and to the end. */
export async function timeStream(
  url: string,
  init: RequestInit,
  first: string,
): Promise<{ ttft: number; total: number }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status} en ${url}`);
  const decoder = new TextDecoder();
  let text = '';
  let ttft = -1;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (ttft < 0 && text.includes(first)) ttft = performance.now() - t0;
  }
  if (ttft < 0) throw new Error(`sin "${first}" en la respuesta de ${url}`);
  return { ttft, total: performance.now() - t0 };
}

/** Peak and median server RSS, sampled every RSS_SAMPLE_MS while `count` requests run together. */
async function rssWhile(
  pid: number,
  count: number,
  request: () => Promise<unknown>,
): Promise<{ peak: number; median: number; samples: number }> {
  const samples: number[] = [];
  const sampler = setInterval(() => {
    void rssMb(pid).then((v) => samples.push(v));
  }, RSS_SAMPLE_MS);
  try {
    await Promise.all(Array.from({ length: count }, request));
  } finally {
    clearInterval(sampler);
  }
  return { peak: Math.max(...samples), median: median(samples), samples: samples.length };
}

/**
 * chat.ttft_overhead_ms (SOMA vs a direct call to the same fake upstream, in
 * the same run) and chat.rss_20_streams_mb / chat.rss_50_streams_mb (server
 * RSS while 20, then 50 answers stream). `cores` pins the server (T460 mode).
 */
export async function benchChat(
  runs: number,
  opts: { cores?: string } = {},
): Promise<BenchResult[]> {
  const upstream = await startFakeUpstream({
    defaultScript: { kind: 'text', chunks: ['Hola', ' desde', ' el', ' modelo.'], delayMs: 2 },
  });
  const soma = await startSoma(
    {},
    {
      nodeArgs: (await serveCommand()).nodeArgs,
      harness: {
        providers: [
          {
            id: 'local',
            label: 'Local',
            baseUrl: upstream.url,
            apiKeyEnv: null,
            models: ['m'],
            timeoutMs: 10_000,
          },
        ],
      },
    },
  );
  const pinned = opts.cores ? `; ${pinToCores(soma.pid, opts.cores)}` : '';
  try {
    const token = new URL(soma.loginLink).hash.replace('#login=', '');
    const login = await fetch(`${soma.url}/api/session`, {
      method: 'POST',
      headers: { origin: soma.url, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
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
    const somaTimes: { ttft: number; total: number }[] = [];
    const directTimes: { ttft: number; total: number }[] = [];
    // Warm both paths so neither pays first-connection costs in the figures.
    await timeStream(`${soma.url}/api/chat`, viaSoma, 'event: delta');
    await timeStream(`${upstream.url}/chat/completions`, direct, '"content":"Hola"');
    const n = Math.max(runs * 5, 5);
    for (let i = 0; i < n; i++) {
      directTimes.push(
        await timeStream(`${upstream.url}/chat/completions`, direct, '"content":"Hola"'),
      );
      somaTimes.push(await timeStream(`${soma.url}/api/chat`, viaSoma, 'event: delta'));
    }
    const somaTtft = median(somaTimes.map((t) => t.ttft));
    const directTtft = median(directTimes.map((t) => t.ttft));
    const somaTotal = median(somaTimes.map((t) => t.total));
    const directTotal = median(directTimes.map((t) => t.total));

    // 20, then 50 answers at once, each dripping for STREAM_SECONDS; RSS sampled throughout.
    upstream.setScript({ kind: 'drip', text: 'x'.repeat(STREAM_SECONDS * 50), everyMs: 20 });
    const streams: BenchResult[] = [];
    for (const count of STREAM_COUNTS) {
      const before = await rssMb(soma.pid);
      const rss = await rssWhile(soma.pid, count, () =>
        timeStream(`${soma.url}/api/chat`, viaSoma, 'event: delta'),
      );
      streams.push({
        name: `chat.rss_${count}_streams_mb`,
        value: round2(rss.peak),
        unit: 'MB',
        baseline: { name: 'server RSS just before the streams', value: round2(before) },
        note: `peak VmRSS over ${rss.samples} samples while ${count} answers streamed for ~${STREAM_SECONDS} s each; median sample ${round2(rss.median)} MB${pinned}`,
      });
    }
    return [
      {
        name: 'chat.ttft_overhead_ms',
        value: round2(somaTtft - directTtft),
        unit: 'ms',
        baseline: {
          name: 'direct call to the same fake upstream, time to first token',
          value: round2(directTtft),
        },
        note: `median of ${n} alternating calls; through SOMA ${round2(somaTtft)} ms to first token; total ${round2(somaTotal)} ms vs ${round2(directTotal)} ms direct${pinned}`,
      },
      ...streams,
    ];
  } finally {
    await soma.stop();
    await upstream.close();
  }
}
