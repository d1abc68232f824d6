import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startSoma } from '../e2e/soma-server.ts';
import { EmbeddingsSchema } from '../harness/embeddings-schema.ts';
import { startEmbeddings } from '../server/embeddings/embeddings-service.ts';
import { Vault } from '../server/vault/vault.ts';
import { startFakeEmbeddingsUpstream } from '../testing/server/fake-embeddings-upstream.ts';
import { withChildrenMemory } from './process-memory.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** Notes in the plumbing figure (embed.10k_first_ms). */
const PLUMBING_NOTES = 10_000;
/** Notes embedded through the fake endpoint while the server's RSS is sampled. */
const RSS_NOTES = 2_000;
/** A real small multilingual model's width (multilingual-e5-small). */
const RSS_DIMENSIONS = 384;
const RSS_SAMPLE_MS = 100;
/** How often a note is read while the server embeds. */
const READ_EVERY_MS = 50;

const WORDS =
  'coche casa perro proyecto idea sueño trabajo viaje libro música memoria nota sesión cambio tiempo ciudad río montaña café reunión plan'.split(
    ' ',
  );

/** A note of a few sections and paragraphs, ~1.5 kB, different for every i. */
function noteText(i: number): string {
  const word = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  const para = (k: number) =>
    Array.from({ length: 30 }, (_, j) => `${word(k + j)}${j % 9 === 8 ? '.' : ''}`).join(' ');
  return `# Nota ${i}\n\n${para(1)}.\n\n## ${word(2)}\n\n${para(3)}.\n\n${para(4)}.\n\n## ${word(5)}\n\n${para(6)}.\n`;
}

function notes(n: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `0${i % 7}_Carpeta/sub${i % 50}/nota-${i}.md`,
      noteText(i),
    ]),
  );
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30 * 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench embed: sin ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The whole pipeline with the test embedder over 10k notes, in this process. */
async function plumbing(runs: number, n: number): Promise<number[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-embed-'));
  const times: number[] = [];
  try {
    for (const [path, text] of Object.entries(notes(n))) {
      await mkdir(dirname(join(base, 'vault', path)), { recursive: true });
      await writeFile(join(base, 'vault', path), text);
    }
    const vault = new Vault(join(base, 'vault'));
    await vault.start();
    await vault.ready();
    for (let r = 0; r < runs; r++) {
      const configDir = join(base, `config-${r}`);
      const t0 = performance.now();
      const service = await startEmbeddings({
        config: EmbeddingsSchema.parse({
          embedder: { kind: 'test', dimensions: RSS_DIMENSIONS, batchSize: 64 },
        }),
        vault,
        configDir,
        env: {},
      });
      await waitFor(() => service.status().progress.notesDone === n, 'todas las notas');
      // Encoding for shipping is part of the figure: the whole first delta, as JSON.
      let since = 0;
      let generation: string | null = null;
      for (let more = true; more; ) {
        const d = service.delta(since, generation, 10_000);
        JSON.stringify(d);
        ({ cursor: since, generation, more } = d);
      }
      times.push(performance.now() - t0);
      await service.close();
    }
    await vault.close();
  } finally {
    await rm(base, { recursive: true, force: true });
  }
  return times;
}

/** Peak server RSS while the built server embeds RSS_NOTES notes through the fake endpoint. */
async function rssWhileEmbedding(n: number): Promise<{
  peak: number;
  median: number;
  samples: number;
  ms: number;
  reads: number[];
  idleReads: number[];
}> {
  const upstream = await startFakeEmbeddingsUpstream({ dimensions: RSS_DIMENSIONS });
  const embeddings = EmbeddingsSchema.parse({
    embedder: {
      kind: 'endpoint',
      baseUrl: upstream.baseUrl,
      model: 'fake',
      dimensions: RSS_DIMENSIONS,
      batchSize: 16,
      apiKeyEnv: null,
      local: true,
    },
  });
  const soma = await startSoma(notes(n), {
    nodeArgs: (await serveCommand()).nodeArgs,
    harness: { embeddings },
  });
  const samples: number[] = [];
  try {
    const token = new URL(soma.loginLink).hash.replace('#login=', '');
    const login = await fetch(`${soma.url}/api/session`, {
      method: 'POST',
      headers: { origin: soma.url, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const paths = Object.keys(notes(n));
    const readNote = async (i: number): Promise<number> => {
      const path = encodeURIComponent(paths[(i * 37) % paths.length]!);
      const start = performance.now();
      const res = await fetch(`${soma.url}/api/vault/note?path=${path}`, { headers: { cookie } });
      await res.text();
      if (!res.ok) throw new Error(`bench embed: GET /api/vault/note ${res.status}`);
      return performance.now() - start;
    };
    // A note read every READ_EVERY_MS while the server embeds (the design: embedding never
    // delays reads), then as many once it is idle, as the same run's baseline.
    // The first read waits for the server's cold start (the vault's first scan), embedding
    // or not: it is made once, outside both lists.
    await readNote(0);
    const reads: number[] = [];
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        reads.push(await readNote(i));
        await new Promise((r) => setTimeout(r, READ_EVERY_MS));
      }
    })();
    const t0 = performance.now();
    const sampler = setInterval(
      () => void withChildrenMemory(soma.pid).then((m) => samples.push(m.rssMb)),
      RSS_SAMPLE_MS,
    );
    try {
      await waitFor(async () => {
        const res = await fetch(`${soma.url}/api/embeddings/status`, { headers: { cookie } });
        const s = (await res.json()) as { progress: { notesDone: number } };
        return s.progress.notesDone >= n;
      }, 'el embebido por el servidor');
    } finally {
      clearInterval(sampler);
      reading = false;
      await reader;
    }
    const ms = performance.now() - t0;
    const idleReads: number[] = [];
    for (let i = 0; i < Math.max(reads.length, 20); i++) {
      idleReads.push(await readNote(i));
      await new Promise((r) => setTimeout(r, READ_EVERY_MS));
    }
    return {
      peak: Math.max(...samples),
      median: median(samples),
      samples: samples.length,
      ms,
      reads,
      idleReads,
    };
  } finally {
    await soma.stop();
    await upstream.close();
  }
}

/** embed.10k_first_ms and server.rss_embedding_mb. */
export async function benchEmbed(opts: { quick: boolean }): Promise<BenchResult[]> {
  const n = opts.quick ? 500 : PLUMBING_NOTES;
  const times = await plumbing(opts.quick ? 1 : 3, n);
  const rss = await rssWhileEmbedding(opts.quick ? 200 : RSS_NOTES);
  return [
    {
      name: 'embed.10k_first_ms',
      value: round2(median(times)),
      unit: 'ms',
      note: `${n} notes (~1.5 kB, 3 chunks each), test embedder at ${RSS_DIMENSIONS} dimensions, batches of 64: chunking, hashing, durable storing and encoding the whole first delta as JSON; vault scan excluded; median of ${times.length}`,
    },
    {
      name: 'server.rss_embedding_mb',
      value: round2(rss.peak),
      unit: 'MB',
      note: `peak VmRSS over ${rss.samples} samples while the built server embedded ${opts.quick ? 200 : RSS_NOTES} notes through the fake /v1/embeddings (${RSS_DIMENSIONS} dimensions, batches of 16) in ${Math.round(rss.ms)} ms; median sample ${round2(rss.median)} MB`,
    },
    {
      name: 'embed.note_read_while_embedding_ms',
      value: round2(percentile(rss.reads, 0.95)),
      unit: 'ms',
      baseline: {
        name: 'the same reads once the server is idle, p95',
        value: round2(percentile(rss.idleReads, 0.95)),
      },
      note: `GET /api/vault/note every ${READ_EVERY_MS} ms while the built server embedded through the fake endpoint: p95 of ${rss.reads.length} reads (median ${round2(median(rss.reads))} ms, max ${round2(Math.max(...rss.reads))} ms); idle median ${round2(median(rss.idleReads))} ms`,
    },
  ];
}
