import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  type Cores,
  type EmbedStatus,
  embeddingsOffStatus,
  type SemanticModelStatus,
} from '../../common/embedding-schemas.ts';
import type { Embeddings, SemanticModel } from '../../harness/embeddings-schema.ts';
import { ApiError } from '../http/api-error.ts';
import { modelBytes, modelFolder } from '../models/model-source.ts';
import type { Vault } from '../vault/vault.ts';
import type { Backoff } from './backoff.ts';
import { estimateChunks } from './chunk-note.ts';
import type { EmbeddingsService } from './embeddings-service.ts';
import { type InstallRun, ModelInstall, onnxEmbeddings } from './model-install.ts';
import { SwitchStore } from './switch-store.ts';

export interface EmbeddingsHostOptions {
  /** The harness as it is now: its `embeddings` section and `semanticModel`. */
  harness: () => { embeddings?: Embeddings | undefined; semanticModel?: SemanticModel | undefined };
  /** Subscribes to the harness's hot reloads, so an edited `embeddings` section takes effect. */
  onHarnessChange?: (listener: () => void) => () => void;
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
  private readonly model = new ModelInstall();
  private work: Promise<void> = Promise.resolve();
  private switches: SwitchStore | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly maxCores: number;
  /** The section the harness's layer was started from, to tell an edit from a no-op reload. */
  private section: string | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: EmbeddingsHostOptions) {
    this.maxCores = Math.max(1, opts.cpuCount ?? availableParallelism());
  }

  /**
   * Opens the switches and starts the harness's layer, or (with no section) the installed
   * model's: that folder is checked in the background (its SHA-256 reads ~135 MB), so start-up
   * does not wait for it; `settled()` does.
   */
  async start(): Promise<void> {
    this.switches = await SwitchStore.open(join(this.opts.configDir, 'embeddings'));
    this.unsubscribe =
      this.opts.onHarnessChange?.(() => this.track(() => this.followHarness())) ?? null;
    const section = this.opts.harness().embeddings;
    if (section) {
      this.source = 'harness';
      this.section = JSON.stringify(section);
      this.service = await this.startService(section, null);
      return;
    }
    const model = this.offer();
    if (!model) return;
    const folder = await stat(modelFolder(this.opts.configDir, model)).catch(() => null);
    if (!folder?.isDirectory()) return;
    this.model.checking();
    this.track(async () => {
      const { isModelInstalled } = await import('../models/model-dir.ts');
      if (await isModelInstalled(this.opts.configDir, model)) await this.installed(model);
      else this.model.absent();
    });
  }

  /** Serves a layer the caller started (tests that tune the service themselves). */
  adopt(service: EmbeddingsService): void {
    this.service = service;
    this.source = 'harness';
    const section = this.opts.harness().embeddings;
    this.section = section ? JSON.stringify(section) : null;
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
    this.model.cancel();
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
    this.unsubscribe?.();
    this.model.cancel();
    await this.work;
    await this.service?.close();
    this.service = null;
  }

  /**
   * A reload of the harness: a section added or edited starts (or restarts) the harness's
   * layer, so the user sees it without restarting SOMA; a section removed stops that layer.
   * An installed model's layer gives way to a section, as at start-up. A layer that cannot
   * embed still starts: its status says why. Stored vectors stay on disk either way.
   */
  private async followHarness(): Promise<void> {
    const section = this.opts.harness().embeddings;
    const key = section ? JSON.stringify(section) : null;
    if (this.source === 'harness' ? key === this.section : key === null) return;
    const previous = this.service;
    this.service = null;
    this.source = null;
    this.section = null;
    await previous?.close();
    if (section) {
      try {
        this.service = await this.startService(section, null);
        this.source = 'harness';
        this.section = key;
        this.opts.log?.('[embeddings] sección del arnés aplicada');
      } catch (err) {
        this.opts.log?.(`[embeddings] la sección del arnés no arrancó: ${String(err)}`);
      }
    }
    this.changed();
  }

  private offer(): SemanticModel | null {
    return this.opts.harness().semanticModel ?? null;
  }

  private installable(): SemanticModel {
    const model = this.offer();
    if (!model) throw new ApiError(409, 'no_model', 'El arnés no nombra ningún modelo.');
    this.model.assertIdle();
    return model;
  }

  private install(model: SemanticModel, run: InstallRun): void {
    if (this.source === 'model' && this.model.download.state === 'installed') return;
    // Taken before the first await, so a second click in the same tick is `busy`.
    const done = this.model.run(run, this.opts.log);
    this.track(async () => {
      if (await done) await this.installed(model);
    });
  }

  /** The model's folder is there and checked: the layer starts over it. */
  private async installed(model: SemanticModel): Promise<void> {
    this.model.installed();
    if (this.service) return;
    try {
      this.service = await this.startService(onnxEmbeddings(model, this.opts.configDir), model);
    } catch (err) {
      this.model.failed(err, this.opts.log);
      return;
    }
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
    if (this.source !== 'model' || !model || this.model.busy) return;
    const { isModelInstalled } = await import('../models/model-dir.ts');
    if (await isModelInstalled(this.opts.configDir, model)) return;
    const service = this.service;
    this.service = null;
    this.source = null;
    this.model.absent({
      code: 'removed',
      params: { dir: modelFolder(this.opts.configDir, model) },
    });
    this.changed();
    await service?.close();
  }

  private async modelStatus(): Promise<SemanticModelStatus | null> {
    const model = this.offer();
    if (!model) return null;
    const rate = model.chunksPerSecond?.[this.cores() === 2 ? '2' : '1'];
    let estimate: SemanticModelStatus['estimate'] = null;
    // Only for the offer: once the layer runs, its progress says how far it is.
    if (rate && !this.service) {
      const manifest = await this.opts.vault.manifest();
      const chunks = manifest.notes.reduce((sum, note) => sum + estimateChunks(note.size), 0);
      estimate = { chunks, seconds: Math.ceil(chunks / rate) };
    }
    return {
      name: model.name,
      label: model.label,
      bytes: modelBytes(model),
      dimensions: model.dimensions,
      download: this.model.download,
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
