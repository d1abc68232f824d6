import { quantize } from '../common/vector-codec.ts';
import { fuseRanks } from '../web/search/hybrid-rank.ts';
import { NoteIndex } from '../web/search/note-index.ts';
import { VectorIndex } from '../web/search/vector-index.ts';
import { type BenchResult, median, round2 } from './results.ts';

/** e5-small's size: what an ONNX or llama.cpp embedder on the T460 would send. */
export const DIMENSIONS = 384;
/** Chunks per note: a 10k vault of ~2 KB notes cuts into about three each. */
const CHUNKS_PER_NOTE = 3;
export const HYBRID = { rrfK: 60, vectorWeight: 0.5 };

/** Whole questions as a user types them into the search box or `/buscar`. */
export const QUESTIONS = [
  '¿dónde apunté la receta de tortilla de la abuela?',
  'qué hice con el presupuesto mensual de la casa',
  'notas sobre la declaración de la renta del año pasado',
  'cómo recuperar fotos borradas del móvil',
  'ideas para el viaje a Perú en vacaciones',
  'ejercicios de respiración para la calma antes de dormir',
  'la reunión con el equipo sobre la mudanza de la oficina',
  'por qué tengo insomnio cuando hay luna llena',
  'plan de entrenamiento para la maratón de otoño',
  'qué canciones tocaba con la guitarra en la niñez',
  'copia de seguridad del archivo de la tesis',
  'el sueño del faro en la niebla y lo que significaba',
  'qué plantar en el jardín junto a la albahaca',
  'lista de lectura sobre meditación y memoria',
  'cómo arreglar el pinchazo de la bicicleta',
  'visita al veterinario con el perro',
];

/** Deterministic unit-ish floats (a linear congruential generator: the run repeats). */
export function randomVectors(count: number, d: number, seed: number): Int8Array[] {
  let x = seed >>> 0;
  const out: Int8Array[] = [];
  const v = new Float32Array(d);
  for (let n = 0; n < count; n++) {
    for (let i = 0; i < d; i++) {
      x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
      v[i] = x / 2_147_483_648 - 1;
    }
    out.push(quantize(v).q);
  }
  return out;
}

/** The lexical index and 3 chunk vectors a note over `vault`, built once for several timings. */
export function hybridSetup(vault: Record<string, string>): {
  lexical: NoteIndex;
  vectors: VectorIndex;
  notes: number;
} {
  const lexical = NoteIndex.empty();
  for (const [path, content] of Object.entries(vault)) lexical.upsert(path, content);
  const vectors = new VectorIndex(DIMENSIONS);
  const paths = Object.keys(vault);
  const all = randomVectors(paths.length * CHUNKS_PER_NOTE, DIMENSIONS, 42);
  paths.forEach((path, n) => {
    const chunks = [];
    for (let c = 0; c < CHUNKS_PER_NOTE; c++) {
      chunks.push({ start: c * 100, end: c * 100 + 100, data: all[n * CHUNKS_PER_NOTE + c]! });
    }
    vectors.set(path, chunks);
  });
  vectors.fit();
  return { lexical, vectors, notes: paths.length };
}

/** Whole questions through lexical search, vector scan and RRF: per-query times (ms), whole and vector part. */
export function timeHybrid({ lexical, vectors }: ReturnType<typeof hybridSetup>): {
  samples: number[];
  vectorOnly: number[];
} {
  const queries = randomVectors(QUESTIONS.length, DIMENSIONS, 7);
  const samples: number[] = [];
  const vectorOnly: number[] = [];
  for (let round = 0; round < 3; round++) {
    QUESTIONS.forEach((q, i) => {
      const t0 = performance.now();
      const words = lexical.search(q, {}, false).map((h) => h.path);
      const t1 = performance.now();
      const near = vectors.search(queries[i]!, 20, 0.1);
      if (round > 0) vectorOnly.push(performance.now() - t1);
      fuseRanks(words, near, HYBRID);
      // The first round warms the JIT up, as the worker is warm after its first query.
      if (round > 0) samples.push(performance.now() - t0);
    });
  }
  return { samples, vectorOnly };
}

/** The p95 of `samples` as the bench reports it. */
export function p95Of(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
}

/**
 * search.10k.hybrid_*: the worker's ranking for whole questions over a 10k
 * vault with 30,000 chunk vectors of 384 dimensions (random unit vectors, not
 * a model: the scan costs the same whatever the values). Timed in Node on the
 * worker's code: lexical search, brute-force int8 cosine with best chunk per
 * note, reciprocal rank fusion; not the snippets' IndexedDB reads.
 */
export function benchHybrid(vault: Record<string, string>, label: string): BenchResult[] {
  const setup = hybridSetup(vault);
  const { vectors, notes } = setup;
  const { samples, vectorOnly } = timeHybrid(setup);
  const p95 = p95Of(samples);
  const note =
    `${notes} notes, ${vectors.chunks} chunks × ${DIMENSIONS} dims (random unit vectors, int8),` +
    ` ${QUESTIONS.length} whole questions ×2, Node on the worker's code (lexical + vector scan + RRF, no snippets);` +
    ` vector part alone p50 ${round2(median(vectorOnly))} ms`;
  return [
    {
      name: `search.${label}.hybrid_query_p50_ms`,
      value: round2(median(samples)),
      unit: 'ms',
      note,
    },
    { name: `search.${label}.hybrid_query_p95_ms`, value: round2(p95), unit: 'ms', note },
    {
      name: `search.${label}.vectors_mb`,
      value: round2(vectors.bytes / 1024 / 1024),
      unit: 'MB',
      note: `bytes the worker holds for ${vectors.chunks} chunk vectors (int8 + scale + range per chunk)`,
    },
  ];
}
