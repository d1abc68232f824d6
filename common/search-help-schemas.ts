// zod/mini, like the other shared schemas, to keep the PWA's chunks small.
import * as z from 'zod/mini';
import { SentPartSchema } from './chat-schemas.ts';

/**
 * Shapes of «Buscar con el modelo» (GET and POST /api/search/help), shared by the
 * server and the PWA. Only the search's question is sent to the model; the vault's
 * notes never are, and the extra queries run in the browser.
 */

/** POST /api/search/help: `{ query }`, the search the user could not find an answer to. */
export const SearchHelpBodySchema = z.object({
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});

/** GET /api/search/help: whether the harness offers it, so the button is shown or not. */
export const SearchHelpStatusSchema = z.object({
  enabled: z.boolean(),
  maxQueries: z.int().check(z.nonnegative()),
});
export type SearchHelpStatus = z.infer<typeof SearchHelpStatusSchema>;

/** What went to the model: the same disclosure as a chat turn's `meta` (parts, link, window). */
export const SearchHelpSentSchema = z.object({
  parts: z.array(SentPartSchema),
  provider: z.string(),
  model: z.string(),
  contextTokens: z.int().check(z.positive()),
});
export type SearchHelpSent = z.infer<typeof SearchHelpSentSchema>;

/** The answer: the model's other queries (trimmed, unique, never the question itself). */
export const SearchHelpAnswerSchema = z.object({
  query: z.string(),
  queries: z.array(z.string()),
  sent: SearchHelpSentSchema,
});
export type SearchHelpAnswer = z.infer<typeof SearchHelpAnswerSchema>;
