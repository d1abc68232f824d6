import { type EmbedStatus, EmbedStatusSchema } from '../../common/embedding-schemas.ts';
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
