import {
  type Cores,
  type EmbedQueryResponse,
  EmbedQueryResponseSchema,
  type EmbedStatus,
  EmbedStatusSchema,
  type VectorsDelta,
  VectorsDeltaSchema,
} from '../../common/embedding-schemas.ts';
import { postJson, request } from './api.ts';

/**
 * /api/embeddings, the long-term layer (docs/API.md, «Long-term memory»). A flat list of
 * functions, one per route; every answer is parsed with the shared schemas.
 */

/** The layer's state: configured or not, embedder, consent, progress, counters. */
export function getEmbedStatus(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/status');
}

/** Consent to send note text to the endpoint and model the status showed (and nothing else). */
export function giveEmbedConsent(endpoint: string, model: string): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/consent', postJson({ endpoint, model }));
}

/** Withdraws consent for a non-local endpoint; stored vectors stay. */
export function revokeEmbedConsent(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/consent', { method: 'DELETE' });
}

/** The user's switch: off pauses embedding and semantic queries, on resumes. */
export function setEmbedEnabled(enabled: boolean): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/enabled', postJson({ enabled }));
}

/** Sends the failed batch again now, instead of after the back-off (the user fixed the cause). */
export function retryEmbeddings(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/retry', { method: 'POST' });
}

/** Starts downloading the model the harness offers (the laptop only); progress is in the status. */
export function downloadModel(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/model', { method: 'POST' });
}

/** Cancels the model's download; what was fetched stays for the next try. */
export function cancelModelDownload(): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/model/download', { method: 'DELETE' });
}

/** Installs the model from a folder on the laptop (a USB stick), checked like a download. */
export function installModelFolder(dir: string): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/model/folder', postJson({ dir }));
}

/** How many cores the embedder may use, kept across restarts. */
export function setEmbedBudget(cores: Cores): Promise<EmbedStatus> {
  return request(EmbedStatusSchema, '/api/embeddings/budget', postJson({ cores }));
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
