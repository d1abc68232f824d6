import { type EmbedStatus, embeddingsOffStatus } from '../../common/embedding-schemas.ts';

/** Dimensions of the test embedder's concept vectors in the browser tests. */
export const TEST_DIMENSIONS = 64;

/** A configured, idle test embedder's status as the server reports it, with `over` applied. */
export function testEmbedStatus(over: Partial<EmbedStatus> = {}): EmbedStatus {
  return {
    ...embeddingsOffStatus(),
    configured: true,
    kind: 'test',
    model: 'test-concepts-64',
    dimensions: TEST_DIMENSIONS,
    consent: 'not_needed',
    state: 'idle',
    generation: 'g1',
    lastError: null,
    hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.1 },
    ...over,
  };
}
