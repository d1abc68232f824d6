import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { e5ShapedModelDir } from './e5-shaped-model.ts';
import { SPANISH_PIECES } from './e5-shaped-tokenizer.ts';
import { corpusChunks, sampleChunks, shippedModel } from './embed-onnx-direct.ts';
import { benchOnnxServer } from './embed-onnx-server.ts';
import { withChildrenMemory } from './process-memory.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';
import { T460 } from './t460.ts';

/**
 * The semantic model's cost on its true shape: the generated e5-shaped int8 model
 * (e5-shaped-model.ts) through SOMA's ONNX embedder, over tldr-es chunks cut as SOMA cuts
 * them, with the shipped harness's prefix, batch size and 512-token limit.
 */

/** Chunks in each throughput pass, spread over the corpus. */
const CHUNKS = 320;
const RUNS = 3;
/** Questions of the relevance set embedded one at a time. */
const QUERIES = 60;
const RSS_SAMPLE_MS = 100;

interface DirectRun {
  rates: number[];
  queryMs: number[];
  /** The same questions while document requests go back to back. */
  busyQueryMs: number[];
  chunks: number;
  batchSize: number;
  rssBefore: number;
  rssLoaded: number;
  /** VmRSS of the process, sampled from outside over its whole life. */
  rssPeak: number;
  rssSamples: number;
}

/** embed-onnx-direct.ts in a process of its own, its RSS sampled from /proc meanwhile. */
async function direct(
  dir: string,
  threads: number,
  chunks: number,
  runs: number,
  queries: number,
): Promise<DirectRun> {
  const script = join(import.meta.dirname, 'embed-onnx-direct.ts');
  const args = [
    '--dir',
    dir,
    '--threads',
    threads,
    '--chunks',
    chunks,
    '--runs',
    runs,
    '--queries',
    queries,
  ];
  // With the node flags SOMA is served with (--expose-gc lets the worker drop the
  // tokenizer's construction garbage before the model loads), so RSS is as shipped.
  const { nodeArgs } = await serveCommand();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', script, ...args.map(String)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const samples: number[] = [];
  const sampler = setInterval(() => {
    if (child.pid)
      void withChildrenMemory(child.pid).then(
        (m) => Number.isFinite(m.rssMb) && samples.push(m.rssMb),
        () => {},
      );
  }, RSS_SAMPLE_MS);
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`bench onnx: embed-onnx-direct.ts terminó con ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  return { ...result, rssPeak: Math.max(...samples), rssSamples: samples.length };
}

/** Characters per token of the generated tokenizer over every chunk of the corpus. */
function tokenRate(dir: string, sample: readonly string[]) {
  const tokenizer = new Tokenizer(
    JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')),
    {},
  );
  const all = corpusChunks();
  let chars = 0;
  let pieces = 0;
  for (const c of all) {
    chars += c.length;
    pieces += tokenizer.encode(c).ids.length - 2;
  }
  const m = shippedModel();
  const tokens = sample.map((c) =>
    Math.min(m.maxTokens, tokenizer.encode(m.documentPrefix + c).ids.length),
  );
  return {
    charsPerToken: chars / pieces,
    corpusChunks: all.length,
    tokensMean: tokens.reduce((a, b) => a + b, 0) / tokens.length,
    tokensMax: Math.max(...tokens),
  };
}

/** How a T460 reading follows from this machine's, for the notes. */
function t460Reading(perSecond: number): string {
  return (
    `T460 estimate ${round2(perSecond / T460.cpuRate)} chunks/s: this machine's rate ÷ ${T460.cpuRate}, ` +
    'the per-core ratio bench/t460.ts applies to every worker-timed figure (an i5-6200U is roughly 3–4× slower per core ' +
    'than a current desktop core; a server core sits a little below a desktop one); ONNX Runtime runs on its own ' +
    'threads, which CDP throttling never reaches, so the figure is scaled, not throttled. This host has AVX-512 VNNI ' +
    "and the i5-6200U only AVX2, and int8 matrix products gain most from VNNI: the laptop's true factor for this " +
    'model may be larger; measure on one before relying on it'
  );
}

/** embed.onnx_* figures (direct: the embedder in a process of its own). */
export async function benchOnnxDirect(opts: { quick: boolean }): Promise<BenchResult[]> {
  const model = await e5ShapedModelDir();
  const chunks = opts.quick ? 16 : CHUNKS;
  const runs = opts.quick ? 1 : RUNS;
  const queries = opts.quick ? 5 : QUERIES;
  // Other work on the machine takes cores from the runtime's threads: the notes say how much.
  const loadBefore = loadavg()[0] ?? 0;
  const two = opts.quick ? null : await direct(model.dir, 2, chunks, runs, queries);
  const one = await direct(model.dir, 1, chunks, runs, queries);
  const load = `load average ${round2(loadBefore)} before the passes, ${round2(loadavg()[0] ?? 0)} after`;
  const rate = tokenRate(model.dir, sampleChunks(corpusChunks(), chunks));
  const m = shippedModel();
  const what =
    `${one.chunks} tldr-es chunks (every n-th of ${rate.corpusChunks}, cut by chunkNote) with «${m.documentPrefix}» ` +
    `in requests of ${one.batchSize} (each padded to its longest), ${round2(rate.tokensMean)} tokens on average ` +
    `(max ${rate.tokensMax}, limit ${m.maxTokens}), through createOnnxEmbedder on the generated e5-shaped int8 model ` +
    `(${model.modelBytes} bytes)`;
  const throughput = (r: DirectRun, threads: number, name: string): BenchResult => ({
    name,
    value: round2(median(r.rates)),
    unit: 'chunks/s',
    note: `${what}, ${threads} intra-op thread${threads > 1 ? 's' : ''}; median of ${r.rates.length} passes (${r.rates.map(round2).join(', ')}); ${load}; ${t460Reading(median(r.rates))}`,
  });
  const rss = two ?? one;
  return [
    ...(two ? [throughput(two, 2, 'embed.onnx_chunks_per_s')] : []),
    throughput(one, 1, 'embed.onnx_chunks_per_s_1core'),
    {
      name: 'embed.onnx_query_ms',
      value: round2(percentile(one.queryMs, 0.5)),
      unit: 'ms',
      note: `p50 of ${one.queryMs.length} questions of bench/relevance/tldr-es.json embedded one at a time with «${m.queryPrefix}», tokenising included, 1 intra-op thread (p95 ${round2(percentile(one.queryMs, 0.95))} ms); T460 estimate ×${T460.cpuRate}: ${round2(percentile(one.queryMs, 0.5) * T460.cpuRate)} ms (see embed.onnx_chunks_per_s_1core)`,
    },
    {
      name: 'embed.onnx_query_while_embedding_ms',
      value: round2(percentile(one.busyQueryMs, 0.95)),
      unit: 'ms',
      baseline: {
        name: 'the same questions with nothing else to embed, p95',
        value: round2(percentile(one.queryMs, 0.95)),
      },
      note: `p95 of ${one.busyQueryMs.length} questions embedded one at a time while requests of ${one.batchSize} chunks went to the same embedder back to back (as the background pipeline sends them), each after a pause of 50–500 ms, 1 intra-op thread (p50 ${round2(percentile(one.busyQueryMs, 0.5))} ms, max ${round2(Math.max(...one.busyQueryMs))} ms); what a search's meaning half waits while the vault embeds; T460 estimate ×${T460.cpuRate}: p95 ${round2(percentile(one.busyQueryMs, 0.95) * T460.cpuRate)} ms`,
    },
    {
      name: 'embed.onnx_rss_mb',
      value: round2(rss.rssPeak),
      unit: 'MB',
      baseline: {
        name: 'the same process before the model was loaded',
        value: round2(rss.rssBefore),
      },
      note: `peak VmRSS over ${rss.rssSamples} samples (every ${RSS_SAMPLE_MS} ms, from /proc) of a Node process (tsx loader, the corpus's chunks) and the model process it started, summed, that loaded the model with ${two ? 2 : 1} intra-op thread${two ? 's' : ''} and embedded ${rss.chunks} chunks ×${rss.rates.length + 1} and ${rss.queryMs.length} questions; ${round2(rss.rssLoaded)} MB just after loading`,
    },
    {
      name: 'embed.onnx_chars_per_token',
      value: round2(rate.charsPerToken),
      unit: 'chars/token',
      note: `the generated tokenizer over all ${rate.corpusChunks} tldr-es chunks (commands included; prefix and <s> </s> left out): a Unigram of 250,037 pieces whose Spanish part is every character of the corpus and its ${SPANISH_PIECES} most frequent word pieces, the rest CJK pairs Spanish never matches (bench/e5-shaped-tokenizer.ts); XLM-R's own runs about 3.5–4 on Spanish prose`,
    },
  ];
}

/** The onnx group: the model on its own, then inside the built server. */
export async function benchOnnx(opts: { quick: boolean }): Promise<BenchResult[]> {
  return [...(await benchOnnxDirect(opts)), ...(await benchOnnxServer(opts))];
}
