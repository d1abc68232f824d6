import type { ModelProblem, SemanticModelStatus } from '../../common/embedding-schemas.ts';
import {
  type Embeddings,
  EmbeddingsSchema,
  type SemanticModel,
} from '../../harness/embeddings-schema.ts';
import { ApiError } from '../http/api-error.ts';
import { type DownloadProgress, ModelInstallError, modelFolder } from '../models/model-source.ts';

type Download = SemanticModelStatus['download'];

/** What installs the model's files: a download or a copy from a folder, told where to report. */
export type InstallRun = (
  signal: AbortSignal,
  onProgress: (p: DownloadProgress) => void,
) => Promise<void>;

/**
 * The offered model's download or folder install as the status shows it: one at a time
 * (a second click is 409 `busy` and changes nothing), cancellable, its progress and its
 * failure worded by code. A cancel is not a failure: what was fetched stays for the next try.
 */
export class ModelInstall {
  private current: Download = { state: 'absent', progress: null, problem: null };
  private abort: AbortController | null = null;

  get download(): Download {
    return this.current;
  }

  /** A download, folder install or check is under way. */
  get busy(): boolean {
    return this.abort !== null || this.current.state === 'checking';
  }

  /** Throws 409 `busy` while one runs. */
  assertIdle(): void {
    if (this.busy) {
      throw new ApiError(409, 'busy', 'El modelo ya se está descargando o comprobando.');
    }
  }

  /**
   * Runs `run`, keeping the state current; resolves true once the files are installed and
   * checked, false after a failure or a cancel (the state says which). `log` hears faults.
   */
  async run(run: InstallRun, log?: (line: string) => void): Promise<boolean> {
    const abort = new AbortController();
    this.abort = abort;
    this.current = { state: 'downloading', progress: null, problem: null };
    try {
      await run(abort.signal, (p) => {
        this.current = { state: p.phase, progress: { ...p }, problem: null };
      });
      this.installed();
      return true;
    } catch (err) {
      const problem = problemOf(err);
      const state = problem.code === 'cancelled' ? 'absent' : 'failed';
      this.current = { state, progress: this.current.progress, problem };
      if (!(err instanceof ModelInstallError)) log?.(`[modelo] ${String(err)}`);
      return false;
    } finally {
      this.abort = null;
    }
  }

  /** Stops the download in flight, if any. */
  cancel(): void {
    this.abort?.abort();
  }

  checking(): void {
    this.current = { state: 'checking', progress: null, problem: null };
  }

  installed(): void {
    this.current = { state: 'installed', progress: null, problem: null };
  }

  /** Not there; `problem` says why when it was there before (removed) or something failed. */
  absent(problem: ModelProblem | null = null): void {
    this.current = { state: 'absent', progress: null, problem };
  }

  /** Records a failure that happened outside `run` (the layer would not start over the files). */
  failed(err: unknown, log?: (line: string) => void): void {
    log?.(`[modelo] ${String(err)}`);
    this.current = { state: 'failed', progress: null, problem: problemOf(err) };
  }
}

/** The layer's config for an installed model: in-process ONNX over its folder. */
export function onnxEmbeddings(model: SemanticModel, configDir: string): Embeddings {
  const embedder = {
    kind: 'onnx' as const,
    modelDir: modelFolder(configDir, model),
    dimensions: model.dimensions,
    maxTokens: model.maxTokens,
    batchSize: model.batchSize,
    queryPrefix: model.queryPrefix,
    documentPrefix: model.documentPrefix,
  };
  return EmbeddingsSchema.parse({ embedder });
}

/** A failure as the status shows it: an install error's code, or `unexpected` (logged). */
function problemOf(err: unknown): ModelProblem {
  if (err instanceof ModelInstallError) return { code: err.code, params: err.params };
  return { code: 'unexpected', params: { reason: String(err).slice(0, 200) } };
}
