import { mkdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  type Cores,
  type EmbedStatus,
  embeddingsOffStatus,
  type ModelProblem,
  type SemanticModelStatus,
} from '../../common/embedding-schemas.ts';
import {
  type Embeddings,
  EmbeddingsSchema,
  type SemanticModel,
} from '../../harness/embeddings-schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type DownloadProgress,
  ModelInstallError,
  modelBytes,
  modelFolder,
} from '../models/model-source.ts';
import type { Vault } from '../vault/vault.ts';
import type { Backoff } from './backoff.ts';
import { estimateChunks } from './chunk-note.ts';
import type { EmbeddingsService } from './embeddings-service.ts';
import { SwitchStore } from './switch-store.ts';

export interface EmbeddingsHostOptions {
  /** The harness as it is now: its `embeddings` section (read once, at start) and `semanticModel`. */
  harness: () => { embeddings?: Embeddings | undefined; semanticModel?: SemanticModel | undefined };
  vault: Pick<Vault, 'manifest' | 'readNote' | 'onEvent'>;
  configDir: string;
  env: Record<string, string | undefined>;
  /** Where the model's files are fetched from instead of the harness's mirror or host. */
  modelBaseUrl?: string | null;
  /** The machine's cores (os.availableParallelism by default). */
  cpuCount?: number;
  clock?: () => number;
  backoff?: Backoff;
  log?: (line: string) => void;
}

type Download = SemanticModelStatus['download'];

/**
 * Owns the long-term layer while SOMA runs: the service (from the harness's `embeddings`
 * section, or from the downloadable model once it is installed: the installed folder is the
 * user's yes), the model's download or folder install, and the CPU budget. The layer can
 * start at run time, when a download completes, with no harness edit and no restart; a
 * failure leaves a status that says why, lexical search untouched and stored vectors kept.
 */
export class EmbeddingsHost {
  private service: EmbeddingsService | null = null;
  private source: 'harness' | 'model' | null = null;
  private download: Download = { state: 'absent', progress: null, problem: null };
  private installing: AbortController | null = null;
  private work: Promise<void> = Promise.resolve();
  private switches: SwitchStore | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly maxCores: number;

  constructor(private readonly opts: EmbeddingsHostOptions) {
    this.maxCores = Math.max(1, opts.cpuCount ?? availableParallelism());
  }

  /**
   * Opens the switches and starts the harness's layer, or (with no section) the installed
   * model's: that folder is checked in the background (its SHA-256 reads ~135 MB), so start-up
   * does not wait for it; `settled()` does.
   */
  async start(): Promise<void> {
    const dir = join(this.opts.configDir, 'embeddings');
    await mkdir(dir, { recursive: true });
    this.switches = await SwitchStore.open(dir);
    const section = this.opts.harness().embeddings;
    if (section) {
      this.source = 'harness';
      this.service = await this.startService(section, null);
      return;
    }
    const model = this.offer();
    if (!model) return;
    const folder = await stat(modelFolder(this.opts.configDir, model)).catch(() => null);
    if (!folder?.isDirectory()) return;
    this.download = { state: 'checking', progress: null, problem: null };
    this.track(async () => {
      const { isModelInstalled } = await import('../models/model-dir.ts');
      if (await isModelInstalled(this.opts.configDir, model)) await this.installed(model);
      else this.download = { state: 'absent', progress: null, problem: null };
    });
  }

  /** Serves a layer the caller started (tests that tune the service themselves). */
  adopt(service: EmbeddingsService): void {
    this.service = service;
    this.source = 'harness';
  }

  /** Resolves once the background work (a start-up check, a download) has ended. */
  settled(): Promise<void> {
    return this.work;
  }

  /** The running layer, or 409 `embeddings_off`. */
  layer(): EmbeddingsService {
    if (this.service) return this.service;
    throw new ApiError(409, 'embeddings_off', 'La búsqueda semántica está apagada.');
  }

  /** Called when the layer starts, stops or changes state; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The full status; `laptop`: the asker may download, install and set the budget. */
  async status(laptop: boolean): Promise<EmbedStatus> {
    await this.noticeRemoval();
    const layer = this.service?.status() ?? embeddingsOffStatus();
    return {
      ...layer,
      semanticModel: await this.modelStatus(),
      budget: { cores: this.cores(), maxCores: this.maxCores },
      laptop,
    };
  }

  /**
   * Starts downloading the offered model in the background; 409 `busy` while a download or
   * folder install runs (a second click changes nothing). Installed already: nothing to do.
   */
  startDownload(): void {
    const model = this.installable();
    this.install(model, async (signal, onProgress) => {
      const { downloadModel } = await import('../models/download-model.ts');
      await downloadModel({
        model,
        configDir: this.opts.configDir,
        baseUrl: this.opts.modelBaseUrl ?? null,
        signal,
        onProgress,
      });
    });
  }

  /** Installs the offered model from a folder (a USB stick), checked like a download. */
  installFromFolder(from: string): void {
    const model = this.installable();
    this.install(model, async (_signal, onProgress) => {
      const { installModelFromFolder } = await import('../models/install-from-folder.ts');
      await installModelFromFolder({ model, configDir: this.opts.configDir, from, onProgress });
    });
  }

  /** Cancels the download in flight; without one, nothing happens. */
  cancelDownload(): void {
    this.installing?.abort();
  }

  /** The user's CPU budget: kept in the config folder, taken by the embedder between batches. */
  async setBudget(cores: Cores): Promise<void> {
    await this.switchStore().setCores(cores, new Date(this.opts.clock?.() ?? Date.now()));
    // Kept already: an embedder that cannot take it now (its worker ended) starts with it.
    await this.service?.setThreads(this.threads()).catch((err: unknown) => {
      this.opts.log?.(`[embeddings] presupuesto de CPU: ${String(err)}`);
    });
  }

  async close(): Promise<void> {
    this.installing?.abort();
    await this.work;
    await this.service?.close();
    this.service = null;
  }

  private offer(): SemanticModel | null {
    return this.opts.harness().semanticModel ?? null;
  }

  private installable(): SemanticModel {
    const model = this.offer();
    if (!model) throw new ApiError(409, 'no_model', 'El arnés no nombra ningún modelo.');
    if (this.installing || this.download.state === 'checking') {
      throw new ApiError(409, 'busy', 'El modelo ya se está descargando o comprobando.');
    }
    return model;
  }

  private install(
    model: SemanticModel,
    run: (signal: AbortSignal, onProgress: (p: DownloadProgress) => void) => Promise<void>,
  ): void {
    if (this.source === 'model' && this.download.state === 'installed') return;
    const abort = new AbortController();
    this.installing = abort;
    this.download = { state: 'downloading', progress: null, problem: null };
    const onProgress = (p: DownloadProgress) => {
      this.download = { state: p.phase, progress: { ...p }, problem: null };
    };
    this.track(async () => {
      try {
        await run(abort.signal, onProgress);
        await this.installed(model);
      } catch (err) {
        const problem = problemOf(err);
        // Cancelled is not failed: what was fetched stays, and the next click resumes it.
        const state = problem.code === 'cancelled' ? 'absent' : 'failed';
        this.download = { state, progress: this.download.progress, problem };
        if (!(err instanceof ModelInstallError)) this.opts.log?.(`[modelo] ${String(err)}`);
      } finally {
        this.installing = null;
      }
    });
  }

  /** The model's folder is there and checked: the layer starts over it. */
  private async installed(model: SemanticModel): Promise<void> {
    this.download = { state: 'installed', progress: null, problem: null };
    if (this.service) return;
    const embedder = {
      kind: 'onnx' as const,
      modelDir: modelFolder(this.opts.configDir, model),
      dimensions: model.dimensions,
      maxTokens: model.maxTokens,
      batchSize: model.batchSize,
      queryPrefix: model.queryPrefix,
      documentPrefix: model.documentPrefix,
    };
    this.service = await this.startService(EmbeddingsSchema.parse({ embedder }), model);
    this.source = 'model';
    this.changed();
  }

  private async startService(
    config: Embeddings,
    model: SemanticModel | null,
  ): Promise<EmbeddingsService> {
    const { startEmbeddings } = await import('./embeddings-service.ts');
    const o = this.opts;
    return startEmbeddings({
      config,
      vault: o.vault,
      configDir: o.configDir,
      env: o.env,
      switches: this.switchStore(),
      embedder: {
        threads: this.threads(),
        ...(model ? { label: model.label, files: model.files } : {}),
      },
      onChange: () => this.changed(),
      ...(o.clock ? { clock: o.clock } : {}),
      ...(o.backoff ? { backoff: o.backoff } : {}),
      ...(o.log ? { log: o.log } : {}),
    });
  }

  /**
   * A model folder deleted while SOMA runs: the layer stops (its vectors stay on disk for
   * when the model is back) and the status says so. Only sizes are read: hashes are cached.
   */
  private async noticeRemoval(): Promise<void> {
    const model = this.offer();
    if (this.source !== 'model' || !model || this.installing) return;
    const { isModelInstalled } = await import('../models/model-dir.ts');
    if (await isModelInstalled(this.opts.configDir, model)) return;
    const service = this.service;
    this.service = null;
    this.source = null;
    const dir = modelFolder(this.opts.configDir, model);
    this.download = {
      state: 'absent',
      progress: null,
      problem: { code: 'removed', params: { dir } },
    };
    this.changed();
    await service?.close();
  }

  private async modelStatus(): Promise<SemanticModelStatus | null> {
    const model = this.offer();
    if (!model) return null;
    const rate = model.chunksPerSecond?.[this.cores() === 2 ? '2' : '1'];
    let estimate: SemanticModelStatus['estimate'] = null;
    if (rate) {
      const manifest = await this.opts.vault.manifest();
      const chunks = manifest.notes.reduce((sum, note) => sum + estimateChunks(note.size), 0);
      estimate = { chunks, seconds: Math.ceil(chunks / rate) };
    }
    return {
      name: model.name,
      label: model.label,
      bytes: modelBytes(model),
      dimensions: model.dimensions,
      download: this.download,
      estimate,
    };
  }

  private cores(): Cores {
    return this.switches?.cores ?? 1;
  }

  private threads(): number {
    return Math.min(this.cores(), this.maxCores);
  }

  private switchStore(): SwitchStore {
    if (!this.switches) throw new Error('EmbeddingsHost.start() no se ha llamado');
    return this.switches;
  }

  private track(run: () => Promise<void>): void {
    this.work = this.work.then(run).catch((err) => {
      this.opts.log?.(`[embeddings] ${String(err)}`);
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A failure as the status shows it: an install error's code, or `unexpected` (logged). */
function problemOf(err: unknown): ModelProblem {
  if (err instanceof ModelInstallError) return { code: err.code, params: err.params };
  return { code: 'unexpected', params: { reason: String(err).slice(0, 200) } };
}
