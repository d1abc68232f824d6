// zod/mini like the rest of common/: the PWA parses these at its boundary. Objects are
// `z.lazy`, built on first parse rather than at the page's boot (see api-schemas.ts).
import * as z from 'zod/mini';

/**
 * Shapes of /api/embeddings (docs/API.md, «Long-term memory»). Vectors travel as
 * common/vector-codec.ts encodes them: unit length, int8 with one scale, base64.
 */

/** What went wrong, worded by the UI (web/i18n) from its code and params. */
export const embedProblemCodes = [
  /** The harness has no `embeddings` section: the layer is off. */
  'embeddings_off',
  'rate_limited',
  'server_error',
  'timeout',
  'unreachable',
  'wrong_dimensions',
  'bad_vector',
  'count_mismatch',
  'bad_response',
  'key_missing',
  'onnx_runtime_missing',
  'tokenizer_missing',
  'model_dir_invalid',
  'model_failed',
] as const;
/**
 * How the browser fuses and filters the vector ranking: the harness's `embeddings.hybrid`
 * (harness/embeddings-schema.ts), with these defaults.
 */
export const DEFAULT_HYBRID = { rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.1 } as const;
/** The harness's fusion settings as the status ships them (a field added later gets its default). */
export const HybridSettingsSchema = z.lazy(() =>
  z.object({
    rrfK: z.int(),
    vectorWeight: z.number(),
    minSimilarity: z._default(z.number(), DEFAULT_HYBRID.minSimilarity),
  }),
);
export type HybridSettings = z.infer<typeof HybridSettingsSchema>;

/** Problems found while making the embedder at start-up: only a restart tries again. */
export const startupProblemCodes: ReadonlySet<string> = new Set([
  'key_missing',
  'onnx_runtime_missing',
  'tokenizer_missing',
  'model_dir_invalid',
]);
export const EmbedProblemSchema = z.lazy(() =>
  z.object({
    code: z.enum(embedProblemCodes),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
);
export type EmbedProblem = z.infer<typeof EmbedProblemSchema>;

const Count = z.int().check(z.nonnegative());

/** Every request made to the embedder since start-up. */
export const EmbedCountersSchema = z.lazy(() =>
  z.object({
    requests: Count,
    notes: Count,
    chunks: Count,
    characters: Count,
    failures: Count,
    /** Characters that left the machine (non-local endpoints only). */
    charactersSent: Count,
  }),
);
export type EmbedCounters = z.infer<typeof EmbedCountersSchema>;

/** Counters before the first request. */
export function zeroCounters(): EmbedCounters {
  return { requests: 0, notes: 0, chunks: 0, characters: 0, failures: 0, charactersSent: 0 };
}

/**
 * Why the offered model could not be installed (server/models' install errors), plus
 * `removed` (the installed folder went away while SOMA ran) and `unexpected` (a fault the
 * server logged; params.reason). The UI words each from its code.
 */
export const modelProblemCodes = [
  'network',
  'http_status',
  'size',
  'checksum',
  'disk_full',
  'not_writable',
  'busy',
  'cancelled',
  'not_a_folder',
  'missing',
  'removed',
  'unexpected',
] as const;
export const ModelProblemSchema = z.lazy(() =>
  z.object({
    code: z.enum(modelProblemCodes),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
);
export type ModelProblem = z.infer<typeof ModelProblemSchema>;

/** Where the offered model is: not there, coming, being checked, ready, or its last try failed. */
export const downloadStates = ['absent', 'downloading', 'checking', 'installed', 'failed'] as const;
export type DownloadState = (typeof downloadStates)[number];

/** A download's progress, reported a few times a second (server/models' DownloadProgress). */
export const DownloadProgressSchema = z.lazy(() =>
  z.object({
    file: z.string(),
    totalBytes: Count,
    doneBytes: Count,
    bytesPerSecond: z.number().check(z.nonnegative()),
    secondsLeft: z.nullable(z.number().check(z.nonnegative())),
    phase: z.enum(['downloading', 'checking']),
  }),
);
export type DownloadProgressInfo = z.infer<typeof DownloadProgressSchema>;

/** Cores the embedder may use: one leaves the other to the browser and the chat. */
export const CoresSchema = z.union([z.literal(1), z.literal(2)]);
export type Cores = z.infer<typeof CoresSchema>;

/** The model «Buscar por significado» offers (the harness's `semanticModel`) and its download. */
export const SemanticModelStatusSchema = z.lazy(() =>
  z.object({
    name: z.string(),
    label: z.string(),
    /** Bytes of its files: what is downloaded and what it takes on disk. */
    bytes: Count,
    dimensions: z.int(),
    download: z.object({
      state: z.enum(downloadStates),
      progress: z.nullable(DownloadProgressSchema),
      problem: z.nullable(ModelProblemSchema),
    }),
    /**
     * Time to embed this vault with it at the current budget: chunks estimated from the
     * notes' sizes, over the harness's measured chunks per second. Null without a rate.
     */
    estimate: z.nullable(z.object({ chunks: Count, seconds: Count })),
  }),
);
export type SemanticModelStatus = z.infer<typeof SemanticModelStatusSchema>;

/** The answer of GET /api/embeddings/status. */
export const EmbedStatusSchema = z.lazy(() =>
  z.object({
    configured: z.boolean(),
    kind: z.nullable(z.enum(['endpoint', 'onnx', 'test'])),
    model: z.nullable(z.string()),
    dimensions: z.nullable(z.int()),
    /** The endpoint's base URL (no key), null for onnx and test. */
    endpoint: z.nullable(z.string()),
    /** True when no note text leaves the machine. */
    local: z.boolean(),
    /** The user's switch (POST /api/embeddings/enabled): false pauses embedding and queries. */
    enabled: z.boolean(),
    consent: z.enum(['not_needed', 'needed', 'given']),
    /** What would leave the machine if the user consented now (notes still to embed). */
    pending: z.object({ notes: Count, characters: Count }),
    state: z.enum(['off', 'paused', 'waiting_consent', 'embedding', 'idle', 'failing']),
    progress: z.object({ notesDone: Count, notesTotal: Count, chunks: Count }),
    /** Changes on every model or dimension change: clients holding another one start over. */
    generation: z.string(),
    lastError: z.nullable(EmbedProblemSchema),
    counters: EmbedCountersSchema,
    hybrid: z.nullable(HybridSettingsSchema),
    /** The downloadable model the harness names, null when it names none. */
    semanticModel: z.nullable(SemanticModelStatusSchema),
    /** The CPU budget (`POST /api/embeddings/budget`) and the machine's cores. */
    budget: z.object({ cores: CoresSchema, maxCores: z.int().check(z.positive()) }),
    /** This request came from the laptop: only it downloads, installs and sets the budget. */
    laptop: z.boolean(),
  }),
);
export type EmbedStatus = z.infer<typeof EmbedStatusSchema>;
/** What a running layer reports; the host adds the offered model, the budget and `laptop`. */
export type LayerStatus = Omit<EmbedStatus, 'semanticModel' | 'budget' | 'laptop'>;

/** POST /api/embeddings/consent: the endpoint the user was shown, so consent is specific. */
export const EmbedConsentRequestSchema = z.lazy(() =>
  z.object({ endpoint: z.string(), model: z.string() }),
);
export type EmbedConsentRequest = z.infer<typeof EmbedConsentRequestSchema>;

/** POST /api/embeddings/enabled: the user's on/off switch, kept in the config folder. */
export const EmbedEnabledRequestSchema = z.lazy(() => z.object({ enabled: z.boolean() }));
export type EmbedEnabledRequest = z.infer<typeof EmbedEnabledRequestSchema>;

export const EncodedVectorSchema = z.lazy(() => z.object({ scale: z.number(), data: z.string() }));

export const ChunkVectorSchema = z.lazy(() =>
  z.object({
    /** `path#index`, stable while the note is unchanged. */
    id: z.string(),
    /** Heading path (`A › B`), '' before the first heading. */
    heading: z.string(),
    /** Character range in the note's body (front matter excluded), end exclusive. */
    start: Count,
    end: Count,
    vector: EncodedVectorSchema,
  }),
);
export type ChunkVector = z.infer<typeof ChunkVectorSchema>;

export const NoteVectorsSchema = z.lazy(() =>
  z.object({
    path: z.string(),
    /** The note's hash when embedded (the manifest's `hash`). */
    hash: z.string(),
    chunks: z.array(ChunkVectorSchema),
  }),
);
export type NoteVectors = z.infer<typeof NoteVectorsSchema>;

/** The answer of GET /api/embeddings/vectors?since=CURSOR&generation=G. */
export const VectorsDeltaSchema = z.lazy(() =>
  z.object({
    generation: z.string(),
    model: z.string(),
    dimensions: z.int(),
    encoding: z.literal('int8-base64'),
    /** True when the client must drop every vector it holds before applying this. */
    reset: z.boolean(),
    notes: z.array(NoteVectorsSchema),
    removed: z.array(z.string()),
    /** Send back as `since` for the next page or the next sync. */
    cursor: Count,
    /** More changes wait past `cursor`: ask again at once. */
    more: z.boolean(),
  }),
);
export type VectorsDelta = z.infer<typeof VectorsDeltaSchema>;

export const EmbedQueryRequestSchema = z.lazy(() =>
  z.object({
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
  }),
);
export const EmbedQueryResponseSchema = z.lazy(() =>
  z.object({
    generation: z.string(),
    vector: EncodedVectorSchema,
  }),
);
export type EmbedQueryResponse = z.infer<typeof EmbedQueryResponseSchema>;

/** The status while the harness has no `embeddings` section: the code tells the UI how to turn it on. */
export function embeddingsOffStatus(): EmbedStatus {
  return {
    configured: false,
    kind: null,
    model: null,
    dimensions: null,
    endpoint: null,
    local: true,
    enabled: false,
    consent: 'not_needed',
    pending: { notes: 0, characters: 0 },
    state: 'off',
    progress: { notesDone: 0, notesTotal: 0, chunks: 0 },
    generation: '',
    lastError: { code: 'embeddings_off', params: { section: 'embeddings' } },
    counters: { requests: 0, notes: 0, chunks: 0, characters: 0, failures: 0, charactersSent: 0 },
    hybrid: null,
    semanticModel: null,
    budget: { cores: 1, maxCores: 1 },
    laptop: false,
  };
}

/** POST /api/embeddings/model/folder: a folder holding the model's files (a USB stick). */
export const ModelFolderRequestSchema = z.lazy(() =>
  z.object({ dir: z.string().check(z.trim(), z.minLength(1), z.maxLength(4_096)) }),
);
export type ModelFolderRequest = z.infer<typeof ModelFolderRequestSchema>;

/** POST /api/embeddings/budget: cores the embedder may use, kept across restarts. */
export const EmbedBudgetRequestSchema = z.lazy(() => z.object({ cores: CoresSchema }));
export type EmbedBudgetRequest = z.infer<typeof EmbedBudgetRequestSchema>;
