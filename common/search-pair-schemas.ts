import * as z from 'zod/mini';

/**
 * «¿Era esta?»: pairs of a question the user searched and the note they said
 * it was looking for, kept on the laptop only where the user said so. They
 * measure search on the user's own vault (top-5, MRR), never sent anywhere.
 */

/** Where the note was chosen: the search view, the box's suggestions, `/buscar` in chat, related notes. */
export const pairSources = ['search', 'suggest', 'buscar', 'related'] as const;

/** A note path as the vault names it (relative, Markdown). */
const PairPathSchema = z.string().check(z.minLength(1), z.maxLength(1024), z.regex(/\.md$/));

/** POST /api/search-pairs: the question and the note the user said was the answer. */
export const SearchPairBodySchema = z.object({
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  path: PairPathSchema,
  from: z.enum(pairSources),
});
export type SearchPairBody = z.infer<typeof SearchPairBodySchema>;

/** One remembered pair: the body, and when (ms since the epoch) it was last confirmed. */
export const SearchPairSchema = z.object({
  query: z.string(),
  path: z.string(),
  from: z.enum(pairSources),
  at: z.number(),
});
export type SearchPair = z.infer<typeof SearchPairSchema>;

/** GET /api/search-pairs: every pair, oldest first (also the export). */
export const SearchPairsSchema = z.object({ pairs: z.array(SearchPairSchema) });
export type SearchPairs = z.infer<typeof SearchPairsSchema>;
