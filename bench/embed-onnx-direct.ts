import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OnnxEmbedderSchema, SemanticModelSchema } from '../harness/embeddings-schema.ts';
import { chunkNote, noteTitle } from '../server/embeddings/chunk-note.ts';
import type { Embedder } from '../server/embeddings/embedder.ts';
import { createOnnxEmbedder } from '../server/embeddings/onnx-embedder.ts';
import { tldrPages } from './corpus/tldr-pages.ts';
import { withChildrenMemory } from './process-memory.ts';

/**
 * One process, one embedder: the generated e5-shaped model run through SOMA's ONNX embedder
 * with `--threads` intra-op threads, as the shipped harness configures the real model
 * (prefixes, batch size, 512 tokens): chunks a second over `--runs` passes on `--chunks`
 * corpus chunks, then one question at a time, idle and then while document requests of the
 * batch size go back to back (as the background pipeline sends them). embed-onnx.ts runs it in a process of its own,
 * whose RSS it samples from outside (the runtime may hold the event loop while it runs);
 * prints one JSON object on stdout.
 */

/** What the shipped harness says about the real model: prefixes, batch size, token limit. */
export function shippedModel() {
  const harness = JSON.parse(readFileSync('harness/soma.json', 'utf8'));
  return SemanticModelSchema.parse(harness.semanticModel);
}

/** Every chunk of the tldr-es corpus, as SOMA cuts them (the text it embeds, without prefix). */
export function corpusChunks(): string[] {
  return Object.entries(tldrPages()).flatMap(([path, body]) =>
    chunkNote(noteTitle(path), body).map((c) => c.text),
  );
}

/** `count` chunks spread evenly over the corpus (every n-th), so pages of every kind are in. */
export function sampleChunks(all: readonly string[], count: number): string[] {
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

async function embedder(modelDir: string, threads: number): Promise<Embedder> {
  const m = shippedModel();
  const config = OnnxEmbedderSchema.parse({
    kind: 'onnx',
    modelDir,
    dimensions: m.dimensions,
    batchSize: m.batchSize,
    maxTokens: m.maxTokens,
    queryPrefix: m.queryPrefix,
    documentPrefix: m.documentPrefix,
  });
  return createOnnxEmbedder(config, { threads });
}

/**
 * Each question timed while document requests go to the embedder back to back, after a
 * pause that moves it to another point of the request in flight (50–500 ms in steps of 150).
 */
async function queriesWhileEmbedding(
  e: Embedder,
  chunks: readonly string[],
  queries: readonly string[],
): Promise<number[]> {
  let embedding = true;
  const documents = (async () => {
    for (let i = 0; embedding; i = (i + e.batchSize) % chunks.length) {
      await e.embed(chunks.slice(i, i + e.batchSize), 'document');
    }
  })();
  const ms: number[] = [];
  for (const [k, q] of queries.entries()) {
    await new Promise((r) => setTimeout(r, 50 + (k % 4) * 150));
    const t0 = performance.now();
    await e.embed([q], 'query');
    ms.push(performance.now() - t0);
  }
  embedding = false;
  await documents;
  return ms;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      threads: { type: 'string' },
      chunks: { type: 'string' },
      runs: { type: 'string' },
      queries: { type: 'string' },
    },
  });
  const dir = values.dir ?? '';
  const chunks = sampleChunks(corpusChunks(), Number(values.chunks));
  const rssBefore = process.memoryUsage.rss() / 2 ** 20;
  const e = await embedder(dir, Number(values.threads));
  // The model runs in a process this one started: both count.
  const rssLoaded = (await withChildrenMemory(process.pid)).rssMb;
  const embedAll = async () => {
    for (let i = 0; i < chunks.length; i += e.batchSize) {
      await e.embed(chunks.slice(i, i + e.batchSize), 'document');
    }
  };
  await e.embed(chunks.slice(0, e.batchSize), 'document');
  const rates: number[] = [];
  for (let r = 0; r < Number(values.runs); r++) {
    const t0 = performance.now();
    await embedAll();
    rates.push(chunks.length / ((performance.now() - t0) / 1000));
  }
  const cases: { query: string }[] = JSON.parse(
    readFileSync(join(import.meta.dirname, 'relevance/tldr-es.json'), 'utf8'),
  ).cases;
  const queries = cases.slice(0, Number(values.queries)).map((c) => c.query);
  await e.embed([queries[0] ?? 'hola'], 'query');
  const queryMs: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    await e.embed([q], 'query');
    queryMs.push(performance.now() - t0);
  }
  const busyQueryMs = await queriesWhileEmbedding(e, chunks, queries);
  process.stdout.write(
    `${JSON.stringify({
      rates,
      queryMs,
      busyQueryMs,
      chunks: chunks.length,
      batchSize: e.batchSize,
      rssBefore,
      rssLoaded,
    })}\n`,
  );
  process.exit(0);
}

if (process.argv[1]?.endsWith('embed-onnx-direct.ts')) await main();
