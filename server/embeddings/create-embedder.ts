import type { EmbedderConfig, ModelFile } from '../../harness/embeddings-schema.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import { createEndpointEmbedder } from './endpoint-embedder.ts';

/** How an ONNX embedder is made beside its harness config. */
export interface EmbedderOptions {
  /** Intra-op threads (the user's CPU budget); 1 when absent. */
  threads?: number;
  /** What the status calls the model (its vectors' identity is `onnx:<label>`). */
  label?: string;
  /** The files the folder must hold, with size and SHA-256 (the harness's `semanticModel`). */
  files?: readonly ModelFile[];
}

/**
 * The embedder the harness names. An ONNX folder is checked first against the files the
 * harness pins (a truncated or altered model is a status, not a crash); ONNX and its
 * optional packages are loaded only when asked for.
 */
export async function createEmbedder(
  config: EmbedderConfig,
  env: Record<string, string | undefined>,
  opts: EmbedderOptions = {},
): Promise<Embedder> {
  if (config.kind === 'endpoint') return createEndpointEmbedder(config, env);
  if (config.kind === 'test') {
    // The deterministic embedder of CI, e2e and the bench: its own chunk, loaded only when
    // the harness names it, so a user's server never carries it.
    const { createTestEmbedder } = await import('./test-embedder.ts');
    return createTestEmbedder(config);
  }
  if (opts.files) await checkFolder(config.modelDir, opts.files, opts.label ?? config.modelDir);
  const { createOnnxEmbedder } = await import('./onnx-embedder.ts');
  return createOnnxEmbedder(config, {
    ...(opts.threads ? { threads: opts.threads } : {}),
    ...(opts.label ? { label: opts.label } : {}),
  });
}

/** `checkModelDir`'s install error as the embedder problem the status words. */
async function checkFolder(dir: string, files: readonly ModelFile[], model: string): Promise<void> {
  const { checkModelDir } = await import('../models/model-dir.ts');
  const { ModelInstallError } = await import('../models/model-source.ts');
  try {
    await checkModelDir(dir, files);
  } catch (err) {
    if (!(err instanceof ModelInstallError)) throw err;
    throw new EmbedError(
      {
        code: 'model_dir_invalid',
        params: { dir, file: '', ...err.params, problem: err.code, model },
      },
      false,
    );
  }
}
