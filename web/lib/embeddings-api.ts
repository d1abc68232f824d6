import {
  type EmbedQueryResponse,
  EmbedQueryResponseSchema,
  type EmbedStatus,
  EmbedStatusSchema,
  type VectorsDelta,
  VectorsDeltaSchema,
} from '../../common/embedding-schemas.ts';
import { postJson, request } from './api.ts';

/**
 * The PWA's calls to /api/embeddings (docs/API.md, «Long-term memory»): a
 * plain list of functions, each parsed at the boundary like lib/api.ts.
 */

export function getEmbedStatus(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/status');
}

/** One page of vectors changed since `since` (the cursor of the previous page). */
export function getVectors(
  since: number,
  generation: string,
  limit: number,
): Promise<VectorsDelta> {
  const query = new URLSearchParams({ since: String(since), generation, limit: String(limit) });
  return request(VectorsDeltaSchema, `/api/embeddings/vectors?${query}`);
}

/** The query embedded by the server's embedder (with its query prefix). */
export function embedQuery(text: string): Promise<EmbedQueryResponse> {
  return request(EmbedQueryResponseSchema, '/api/embeddings/query', postJson({ text }));
}
