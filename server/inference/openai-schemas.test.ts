import { describe, expect, it } from 'vitest';
import { ChatChunkSchema, readUsage, upstreamErrorMessage } from './openai-schemas.ts';

describe('server/inference/openai-schemas', () => {
  it('accepts unknown fields and reads usage from x_groq or usage', () => {
    const groq = ChatChunkSchema.parse({
      choices: [{ delta: {}, finish_reason: 'stop', logprobs: null }],
      x_groq: { id: 'req', usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
      system_fingerprint: 'fp',
    });
    expect(readUsage(groq)).toEqual({ promptTokens: 3, completionTokens: 4 });
    const openrouter = ChatChunkSchema.parse({
      choices: [],
      provider: 'x',
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    });
    expect(readUsage(openrouter)).toEqual({ promptTokens: 1, completionTokens: 2 });
    expect(
      readUsage(ChatChunkSchema.parse({ choices: [{ delta: { content: null } }] })),
    ).toBeNull();
  });

  it('rejects a chunk whose content is not text', () => {
    expect(ChatChunkSchema.safeParse({ choices: [{ delta: { content: 5 } }] }).success).toBe(false);
  });

  it('takes error.message from Groq and OpenRouter bodies and cleans raw text', () => {
    expect(upstreamErrorMessage('{"error":{"message":"Rate limit","code":"x"}}')).toBe(
      'Rate limit',
    );
    expect(
      upstreamErrorMessage('{"error":{"code":503,"message":"Provider\\nreturned error"}}'),
    ).toBe('Provider returned error');
    expect(upstreamErrorMessage('<html><h1>502 Bad Gateway</h1></html>')).toBe('502 Bad Gateway');
    expect(upstreamErrorMessage('x'.repeat(1000))).toHaveLength(300);
  });
});
