// zod/mini like common/: one zod flavour loaded in the server keeps idle memory down.
import * as z from 'zod/mini';
import type { ChatEvent } from '../../common/chat-schemas.ts';

/**
 * The shapes SOMA reads from OpenAI-compatible upstreams (Groq, OpenRouter,
 * Ollama, llama.cpp, LM Studio). Objects are loose: providers add fields
 * (`x_groq`, `system_fingerprint`, `logprobs`, `provider`) and a new one must
 * not break a turn. Only the fields we read are checked.
 */

export const UpstreamUsageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.optional(z.number()),
});
export type UpstreamUsage = z.infer<typeof UpstreamUsageSchema>;

/** The error object inside an error answer, or inside a chunk (OpenRouter mid-stream errors). */
export const UpstreamErrorSchema = z.looseObject({
  message: z.optional(z.string()),
  type: z.nullish(z.string()),
  /** Groq sends a string (`rate_limit_exceeded`), OpenRouter the HTTP status as a number. */
  code: z.nullish(z.union([z.string(), z.number()])),
  metadata: z.optional(z.unknown()),
});

/** The body of a non-2xx answer: `{ "error": { "message": … } }`. */
export const UpstreamErrorBodySchema = z.looseObject({ error: UpstreamErrorSchema });

/** One `data:` payload of a streamed `chat.completion.chunk`. */
export const ChatChunkSchema = z.looseObject({
  id: z.optional(z.string()),
  model: z.optional(z.string()),
  choices: z._default(
    z.array(
      z.looseObject({
        index: z.optional(z.number()),
        delta: z.optional(
          z.looseObject({ role: z.nullish(z.string()), content: z.nullish(z.string()) }),
        ),
        finish_reason: z.nullish(z.string()),
      }),
    ),
    [],
  ),
  /** OpenAI and OpenRouter (`stream_options.include_usage`): a final chunk carries it. */
  usage: z.nullish(UpstreamUsageSchema),
  /** Groq puts usage on the last chunk under `x_groq`. */
  x_groq: z.nullish(z.looseObject({ usage: z.nullish(UpstreamUsageSchema) })),
  error: z.optional(UpstreamErrorSchema),
});
export type ChatChunk = z.infer<typeof ChatChunkSchema>;

/** Token counts as the chat API reports them in `done`. */
export type Usage = NonNullable<Extract<ChatEvent, { type: 'done' }>['usage']>;

/** Usage from whichever place this provider put it, or null. */
export function readUsage(chunk: ChatChunk): Usage | null {
  const usage = chunk.usage ?? chunk.x_groq?.usage;
  return usage
    ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }
    : null;
}

/** Longest upstream message we pass on; some providers return whole HTML pages. */
const MAX_MESSAGE_CHARS = 300;

/**
 * A short, single-line message from an error answer's text: the JSON
 * `error.message` when there is one, else the raw text. Never returns the body
 * as-is, because it ends up in the UI.
 */
export function upstreamErrorMessage(text: string): string {
  let message = text;
  try {
    const parsed = UpstreamErrorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.error.message) message = parsed.data.error.message;
  } catch {
    // Not JSON (a proxy's HTML page, plain text): clean up the raw text instead.
  }
  return cleanText(message);
}

/** Collapses whitespace, drops control characters and HTML tags, and shortens. */
export function cleanText(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > MAX_MESSAGE_CHARS ? `${flat.slice(0, MAX_MESSAGE_CHARS - 1)}…` : flat;
}
