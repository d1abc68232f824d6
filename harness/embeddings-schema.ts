import * as z from 'zod/mini';
import { DEFAULT_HYBRID } from '../common/embedding-schemas.ts';

/**
 * The long-term layer's section of the harness: which embedder turns notes into vectors
 * (an OpenAI-compatible `/v1/embeddings` endpoint, an in-process ONNX model, or the
 * deterministic test embedder) and how the browser fuses vector and lexical ranks.
 * Absent: SOMA searches lexically only. Read at start-up: a change needs a restart.
 */

const TextSchema = z.string().check(z.trim(), z.minLength(1));
const EnvNameSchema = z.string().check(z.regex(/^[A-Z_][A-Z0-9_]*$/, 'env_name'));
const DimensionsSchema = z.int().check(z.gte(8), z.lte(4096));
/** Texts embedded per request; small batches lose less when a request fails. */
const BatchSizeSchema = z._default(z.int().check(z.gte(1), z.lte(256)), 16);
/**
 * Model conventions, not prompts: e5 wants `query: ` / `passage: `, nomic-embed-text
 * `search_query: ` / `search_document: `. Prepended to what is embedded.
 */
const PrefixesSchema = {
  queryPrefix: z._default(z.string(), ''),
  documentPrefix: z._default(z.string(), ''),
};

export const EndpointEmbedderSchema = z.strictObject({
  kind: z.literal('endpoint'),
  /** Base of an OpenAI-compatible API (`…/v1`); `/embeddings` is appended. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: TextSchema,
  dimensions: DimensionsSchema,
  batchSize: BatchSizeSchema,
  timeoutMs: z._default(z.int().check(z.gte(1_000), z.lte(600_000)), 60_000),
  /** Name of the env var holding the key; null for local servers without one. */
  apiKeyEnv: z.nullable(EnvNameSchema),
  /**
   * True when the endpoint runs on this machine (Ollama, llama.cpp, LM Studio). False sends
   * note text elsewhere, so nothing is embedded until the user consents.
   */
  local: z.boolean(),
  ...PrefixesSchema,
});

export const OnnxEmbedderSchema = z.strictObject({
  kind: z.literal('onnx'),
  /** Folder the user downloaded once (multilingual-e5-small int8: model + tokenizer.json). */
  modelDir: TextSchema,
  dimensions: DimensionsSchema,
  batchSize: BatchSizeSchema,
  /** Tokens kept per text; e5-small reads at most 512. */
  maxTokens: z._default(z.int().check(z.gte(16), z.lte(8192)), 512),
  ...PrefixesSchema,
});

/** Deterministic, no model: CI, e2e and the bench. Near for words of one concept. */
export const TestEmbedderSchema = z.strictObject({
  kind: z.literal('test'),
  dimensions: z._default(DimensionsSchema, 64),
  batchSize: BatchSizeSchema,
});

export const EmbedderConfigSchema = z.discriminatedUnion('kind', [
  EndpointEmbedderSchema,
  OnnxEmbedderSchema,
  TestEmbedderSchema,
]);
export type EmbedderConfig = z.infer<typeof EmbedderConfigSchema>;
export type EndpointEmbedderConfig = z.infer<typeof EndpointEmbedderSchema>;
export type OnnxEmbedderConfig = z.infer<typeof OnnxEmbedderSchema>;

/** Reciprocal rank fusion in the browser: score = Σ weight / (k + rank). */
export const HybridSchema = z.strictObject({
  rrfK: z.int().check(z.gte(1), z.lte(1_000)),
  /** The vector list's weight; the lexical list has 1 − this. */
  vectorWeight: z.number().check(z.gte(0), z.lte(1)),
  /**
   * A brute-force top-k always returns k notes, and the last ones may share nothing with
   * the query: a note counts by its vector only from this cosine (near-orthogonal chunks
   * are noise whatever the model). Raise it for a model whose unrelated texts score high.
   */
  minSimilarity: z._default(z.number().check(z.gte(-1), z.lte(1)), DEFAULT_HYBRID.minSimilarity),
});
export type Hybrid = z.infer<typeof HybridSchema>;

/** One file of a downloadable model: where it sits in the model's repository, and its checks. */
export const ModelFileSchema = z.strictObject({
  /** The name it gets in the installed folder (`model_quantized.onnx`, `tokenizer.json`). */
  name: z.string().check(z.regex(/^[A-Za-z0-9._-]+$/, 'file_name')),
  /** Its path in the repository at `revision` (`onnx/model_quantized.onnx`). */
  path: z.string().check(
    z.regex(/^[A-Za-z0-9._/-]+$/),
    z.refine((p) => !p.split('/').includes('..')),
  ),
  /** Exact size in bytes: a download of any other size is refused before it is hashed. */
  bytes: z.int().check(z.positive()),
  /** Lower-case hex SHA-256 of the file. */
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
export type ModelFile = z.infer<typeof ModelFileSchema>;

/**
 * The model «Buscar por significado» downloads with one click (and `npm run model`): where
 * it comes from, pinned to a commit, the exact files with their size and SHA-256, and how
 * it embeds. Installed into `<configDir>/models/<name>/`; once there, the long-term layer
 * runs it in-process (kind `onnx`) with no `embeddings` section needed.
 */
export const SemanticModelSchema = z.strictObject({
  /** Folder name under `<configDir>/models/`. */
  name: z.string().check(z.regex(/^[A-Za-z0-9._-]+$/)),
  /** What the panel calls it. */
  label: TextSchema,
  /** Where `repo` lives: `<host>/<repo>/resolve/<revision>/<path>` is each file's URL. */
  host: z.url({ protocol: /^https?$/ }),
  /**
   * A mirror with the same layout (`<mirror>/<repo>/resolve/<revision>/<path>`) for networks
   * where `host` is blocked; null uses `host`.
   */
  mirror: z._default(z.nullable(z.url({ protocol: /^https?$/ })), null),
  repo: z.string().check(z.regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/)),
  /** A commit id, never a branch: the bytes behind it cannot change. */
  revision: z
    .string()
    .check(z.regex(/^[0-9a-f]{40}$/, 'un commit (40 hexadecimales), no una rama')),
  files: z.array(ModelFileSchema).check(z.minLength(1)),
  dimensions: DimensionsSchema,
  /** Tokens kept per text; e5-small reads at most 512. */
  maxTokens: z._default(z.int().check(z.gte(16), z.lte(8192)), 512),
  batchSize: BatchSizeSchema,
  ...PrefixesSchema,
  /**
   * Chunks embedded per second on one and on two cores of the laptop SOMA is made for (a
   * 2016 dual-core i5): `npm run bench -- --only onnx` measures them on a model of this
   * one's shape (tldr-es chunks, ~110 tokens each) and gives the laptop's figure (the test
   * machine's ÷ 4, BENCHMARKS.md says why). The panel's estimate of the time to embed a
   * vault; absent, no estimate is shown.
   */
  chunksPerSecond: z.optional(
    z.strictObject({
      '1': z.number().check(z.positive()),
      '2': z.number().check(z.positive()),
    }),
  ),
});
export type SemanticModel = z.infer<typeof SemanticModelSchema>;

export const EmbeddingsSchema = z.strictObject({
  embedder: EmbedderConfigSchema,
  hybrid: z._default(HybridSchema, { ...DEFAULT_HYBRID }),
});
export type Embeddings = z.infer<typeof EmbeddingsSchema>;
