// zod/mini, like the other shared schemas, to keep the PWA's chunks small.
import * as z from 'zod/mini';

/**
 * Shapes of the web routes (POST /api/extract, POST /api/web), shared by the
 * server and the PWA. Everything here is external text: context the user sees,
 * trims, keeps or drops, never an instruction.
 */

/** A web source: a page the search model or the user pointed at. */
export const SourceSchema = z.object({ title: z.string(), url: z.string() });
export type Source = z.infer<typeof SourceSchema>;

/** POST /api/extract: `{ url }`. A bare `ejemplo.com/página` is read as https. */
export const ExtractBodySchema = z.object({
  url: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)),
});

/** The answer: the page as context the user sees, trims, keeps or drops. */
export const ExtractAnswerSchema = z.object({
  /** Where the page really came from, after redirects. */
  url: z.string(),
  title: z.string(),
  site: z.string(),
  byline: z.nullable(z.string()),
  markdown: z.string(),
  /** Length of `markdown`, the cut note included. */
  chars: z.int().check(z.nonnegative()),
  /** True when the text was cut at the harness's `limits.extractChars`. */
  cut: z.boolean(),
  /** Characters left out by the cut; 0 when nothing was cut. */
  cutChars: z.int().check(z.nonnegative()),
  /** Media type as served (`text/html`, `text/plain`, `text/markdown`). */
  contentType: z.string(),
});
export type ExtractAnswer = z.infer<typeof ExtractAnswerSchema>;

/** POST /api/web: `{ question }`. */
export const WebSearchBodySchema = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
});

/** The answer: a context chip the user keeps, opens or drops before it is sent. */
export const WebSearchAnswerSchema = z.object({
  question: z.string(),
  /** The search model's Markdown answer, as it wrote it. */
  answer: z.string(),
  /** The search tool's results when the provider reports them, then links found in the answer. */
  sources: z.array(SourceSchema),
  provider: z.string(),
  model: z.string(),
});
export type WebSearchAnswer = z.infer<typeof WebSearchAnswerSchema>;
