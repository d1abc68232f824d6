import type { EmbedderConfig } from '../../harness/embeddings-schema.ts';
import type { Embedder } from './embedder.ts';
import { createEndpointEmbedder } from './endpoint-embedder.ts';
import { createTestEmbedder } from './test-embedder.ts';

/** The embedder the harness names; ONNX loads its optional packages only when asked for. */
export async function createEmbedder(
  config: EmbedderConfig,
  env: Record<string, string | undefined>,
): Promise<Embedder> {
  if (config.kind === 'endpoint') return createEndpointEmbedder(config, env);
  if (config.kind === 'test') return createTestEmbedder(config);
  const { createOnnxEmbedder } = await import('./onnx-embedder.ts');
  return createOnnxEmbedder(config);
}
