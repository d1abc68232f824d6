import { describe, expect, it } from 'vitest';
import { EmbeddingsSchema } from '../../harness/embeddings-schema.ts';
import { HARNESS_SNIPPET } from './harness-snippet.ts';

describe('web/embeddings/harness-snippet', () => {
  it('is a section the harness schema accepts as it is shown (pasted, SOMA starts)', () => {
    const section = JSON.parse(`{${HARNESS_SNIPPET}}`).embeddings;
    const parsed = EmbeddingsSchema.safeParse(section);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});
