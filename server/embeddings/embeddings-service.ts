import { join } from 'node:path';
import {
  type EmbedQueryResponse,
  type LayerStatus,
  type VectorsDelta,
  zeroCounters,
} from '../../common/embedding-schemas.ts';
import { encodeVector } from '../../common/vector-codec.ts';
import type { Embeddings } from '../../harness/embeddings-schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Vault } from '../vault/vault.ts';
import type { Backoff } from './backoff.ts';
import { ConsentStore } from './consent-store.ts';
import { createEmbedder, type EmbedderOptions } from './create-embedder.ts';
import { EmbedPipeline } from './embed-pipeline.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import { isLoopbackUrl } from './endpoint-embedder.ts';
import { SwitchStore } from './switch-store.ts';
import { VectorStore } from './vector-store.ts';
import { vectorsDelta } from './vectors-delta.ts';

/** A running long-term layer; the host (embeddings-host.ts) starts it when the layer is on. */
export interface EmbeddingsService {
  status(): LayerStatus;
  consent(endpoint: string, model: string): Promise<void>;
  /** Withdraws consent for a non-local endpoint; stored vectors stay. */
  revokeConsent(): Promise<void>;
  /** The user's switch: off stops embedding between batches and refuses queries. */
  setEnabled(enabled: boolean): Promise<void>;
  /** Ends a failed batch's back-off now (the user fixed the endpoint or the model). */
  retry(): void;
  /** The user's CPU budget: the embedder takes it between batches. */
  setThreads(threads: number): Promise<void>;
  delta(since: number, generation: string | null, maxChunks: number): VectorsDelta;
  query(text: string): Promise<EmbedQueryResponse>;
  close(): Promise<void>;
}

export interface EmbeddingsOptions {
  config: Embeddings;
  vault: Pick<Vault, 'manifest' | 'readNote' | 'onEvent'>;
  /** SOMA's config folder; vectors go to `embeddings/` in it, never into the vault. */
  configDir: string;
  env: Record<string, string | undefined>;
  clock?: () => number;
  backoff?: Backoff;
  log?: (line: string) => void;
  /** The user's switches (on/off, cores); opened from `configDir` when absent. */
  switches?: SwitchStore;
  /** Threads, label and pinned files for an ONNX embedder. */
  embedder?: EmbedderOptions;
  /** Told when the pipeline's state changes (the browser copies the vectors then). */
  onChange?: () => void;
}

/**
 * Opens the store, makes the embedder and starts the pipeline. An embedder that cannot be
 * made (no ONNX runtime, a bad model folder) leaves a service whose status says why.
 */
export async function startEmbeddings(opts: EmbeddingsOptions): Promise<EmbeddingsService> {
  const dir = join(opts.configDir, 'embeddings');
  const config = opts.config.embedder;
  const consent = await ConsentStore.open(dir).catch(() => null);
  const { embedder, failure } = await makeEmbedder(opts);
  const identity = { model: embedder?.model ?? modelName(opts), dimensions: config.dimensions };
  const store = await VectorStore.open(dir, identity);
  const onOff = opts.switches ?? (await SwitchStore.open(dir));
  const local =
    embedder?.local ??
    (config.kind !== 'endpoint' || (config.local && isLoopbackUrl(config.baseUrl)));
  const endpoint = config.kind === 'endpoint' ? config.baseUrl : null;
  const consented = () => local || (consent?.given(endpoint ?? '', identity.model) ?? false);
  const pipeline = embedder ? startPipeline(opts, store, embedder, consented, onOff) : null;
  /** Queries in flight: pausing or withdrawing consent aborts them. */
  const queries = new Set<AbortController>();
  const abortQueries = () => {
    for (const q of queries) q.abort();
  };
  /** Refuses a query's text while the layer is paused or consent is missing. */
  const refuseQuery = () => {
    if (!onOff.enabled) {
      throw new ApiError(409, 'embeddings_paused', 'La búsqueda semántica está en pausa.');
    }
    if (!consented()) {
      throw new ApiError(
        403,
        'consent_required',
        'Falta tu permiso para enviar texto a ese servicio.',
      );
    }
  };
  if (store.wasReset)
    opts.log?.(`[embeddings] almacén nuevo para ${identity.model}: se calcula todo`);

  return {
    status() {
      return {
        configured: true,
        kind: config.kind,
        model: identity.model,
        dimensions: identity.dimensions,
        endpoint,
        local,
        enabled: onOff.enabled,
        consent: local ? 'not_needed' : consented() ? 'given' : 'needed',
        pending: pipeline?.pending() ?? { notes: 0, characters: 0 },
        state: !onOff.enabled ? 'paused' : failure ? 'failing' : (pipeline?.state ?? 'failing'),
        progress: pipeline?.progress() ?? { notesDone: 0, notesTotal: 0, chunks: store.chunkCount },
        generation: store.generation,
        lastError: failure?.problem ?? pipeline?.lastError ?? null,
        counters: pipeline?.counters ?? zeroCounters(),
        hybrid: opts.config.hybrid,
      };
    },
    async consent(givenEndpoint, givenModel) {
      if (local) return;
      if (givenEndpoint !== endpoint || givenModel !== identity.model || !consent) {
        throw new ApiError(
          409,
          'consent_mismatch',
          'El destino no es el que el arnés tiene configurado.',
        );
      }
      await consent.give(givenEndpoint, givenModel, new Date(opts.clock?.() ?? Date.now()));
      pipeline?.poke();
    },
    async revokeConsent() {
      if (local) return;
      await consent?.revoke();
      // Nothing more leaves once this answers: the request in flight and its back-off end now.
      abortQueries();
      await pipeline?.halt();
    },
    async setEnabled(enabled) {
      await onOff.set(enabled, new Date(opts.clock?.() ?? Date.now()));
      if (enabled) pipeline?.poke();
      else {
        abortQueries();
        await pipeline?.halt();
      }
    },
    retry() {
      // An embedder that could not be made at start-up is made again only by a restart.
      pipeline?.retryNow();
    },
    async setThreads(threads) {
      await embedder?.setThreads?.(threads);
    },
    delta(since, generation, maxChunks) {
      return vectorsDelta(store, since, generation, maxChunks);
    },
    async query(text) {
      if (!embedder) throw new ApiError(503, 'embed_failed', 'El embebedor no está disponible.');
      refuseQuery();
      const aborter = new AbortController();
      queries.add(aborter);
      try {
        const [v] = await embedder.embed([text], 'query', aborter.signal);
        // Paused or consent withdrawn while it was out: its answer is not used.
        refuseQuery();
        pipeline?.countQuery(text.length, null);
        return { generation: store.generation, vector: encodeVector(v as Float32Array) };
      } catch (err) {
        if (aborter.signal.aborted) refuseQuery();
        if (err instanceof EmbedError) {
          pipeline?.countQuery(text.length, err.problem);
          throw new ApiError(502, 'embed_failed', `El embebedor falló: ${err.problem.code}`);
        }
        throw err;
      } finally {
        queries.delete(aborter);
      }
    },
    async close() {
      await pipeline?.stop();
      await embedder?.close?.();
    },
  };
}

/** The embedder the harness names; one that cannot be made is kept as the failure to show. */
async function makeEmbedder(
  opts: EmbeddingsOptions,
): Promise<{ embedder: Embedder | null; failure: EmbedError | null }> {
  try {
    return {
      embedder: await createEmbedder(opts.config.embedder, opts.env, opts.embedder),
      failure: null,
    };
  } catch (err) {
    if (!(err instanceof EmbedError)) throw err;
    return { embedder: null, failure: err };
  }
}

/** The model's name before it loads: a model that failed keeps its identity, so its stored vectors are not reset. */
function modelName(opts: EmbeddingsOptions): string {
  const config = opts.config.embedder;
  if ('model' in config) return config.model;
  if (config.kind === 'onnx' && opts.embedder?.label) return `onnx:${opts.embedder.label}`;
  return config.kind;
}

/** Starts embedding the vault's notes, as consent and the user's switch allow. */
function startPipeline(
  opts: EmbeddingsOptions,
  store: VectorStore,
  embedder: Embedder,
  consented: () => boolean,
  onOff: SwitchStore,
): EmbedPipeline {
  const pipeline = new EmbedPipeline({
    vault: opts.vault,
    store,
    embedder,
    mayEmbed: consented,
    paused: () => !onOff.enabled,
    ...(opts.backoff ? { backoff: opts.backoff } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.onChange ? { onState: opts.onChange } : {}),
  });
  pipeline.start();
  return pipeline;
}
