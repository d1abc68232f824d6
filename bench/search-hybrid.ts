import v8 from 'node:v8';
import vm from 'node:vm';
import { quantize } from '../common/vector-codec.ts';
import { NoteIndex } from '../web/search/engine/search-engine.ts';
import { fuseRanks } from '../web/search/hybrid-rank.ts';
import { VectorIndex } from '../web/vectors/vector-index.ts';
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

/** Timed rounds of the questions, after one untimed: 64 samples, so a p95 is not one or two of them. */
const TIMED_ROUNDS = 4;

/** A full collection (the flag set at run time: works under tsx and vitest alike). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * The lexical index and 3 chunk vectors a note over `vault`, built once for
 * several timings. The index is the one the worker searches: saved and
 * revived, as after a reload (a first sync's save leaves it the same way,
 * every term's postings encoded). Then the garbage of building it all here
 * (the generated vault's strings, the index's build) is collected: the worker
 * holds none of it when a question comes.
 */
export function hybridSetup(vault: Record<string, string>): {
  lexical: NoteIndex;
  vectors: VectorIndex;
  notes: number;
} {
  const built = NoteIndex.empty();
  for (const [path, content] of Object.entries(vault)) built.upsert(path, content);
  const lexical = NoteIndex.fromSnapshot(built.snapshot());
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
  collectGarbage();
  return { lexical, vectors, notes: paths.length };
}

/**
 * Whole questions through lexical search, vector scan and RRF: per-query
 * times (ms), whole and vector part, over TIMED_ROUNDS rounds after an
 * untimed one (JIT and WebAssembly tier-up warm, as a worker is after its
 * first questions), and that first round's times alone (`cold`).
 */
export function timeHybrid({ lexical, vectors }: ReturnType<typeof hybridSetup>): {
  samples: number[];
  vectorOnly: number[];
  cold: number[];
} {
  const queries = randomVectors(QUESTIONS.length, DIMENSIONS, 7);
  const samples: number[] = [];
  const vectorOnly: number[] = [];
  const cold: number[] = [];
  for (let round = 0; round <= TIMED_ROUNDS; round++) {
    QUESTIONS.forEach((q, i) => {
      const t0 = performance.now();
      const words = lexical.search(q, {}, false).map((h) => h.path);
      const t1 = performance.now();
      const near = vectors.search(queries[i]!, 20, 0.1);
      if (round > 0) vectorOnly.push(performance.now() - t1);
      fuseRanks(words, near, HYBRID);
      (round > 0 ? samples : cold).push(performance.now() - t0);
    });
  }
  return { samples, vectorOnly, cold };
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
  const { samples, vectorOnly, cold } = timeHybrid(setup);
  const p95 = p95Of(samples);
  const note =
    `${notes} notes, ${vectors.chunks} chunks × ${DIMENSIONS} dims (random unit vectors, int8),` +
    ` ${QUESTIONS.length} whole questions ×${TIMED_ROUNDS} after one untimed round, Node on the worker's code` +
    ` (lexical + vector scan + RRF, no snippets) over a saved and revived index, the setup's garbage collected first;` +
    ` vector part alone p50 ${round2(median(vectorOnly))} ms;` +
    ` the untimed first round alone (JIT cold) p50 ${round2(median(cold))} ms, p95 ${round2(p95Of(cold))} ms`;
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
