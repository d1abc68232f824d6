import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * A note path relative to the corpus root, as on disk: `common/tar.md`.
 * No absolute paths or `..`, so a case can never point outside the corpus.
 */
const NotePathSchema = z
  .string()
  .regex(/^[^/\\]+(\/[^/\\]+)*\.md$/, 'a .md path relative to the corpus root')
  .refine((p) => !p.split('/').includes('..'), 'must not climb out of the corpus');

/** One query and the notes that fully answer it. */
export const RelevanceCaseSchema = z.strictObject({
  id: z.string().regex(/^q\d{3}$/, 'ids look like q001'),
  query: z.string().trim().min(1),
  expected: z.array(NotePathSchema).min(1),
  /** True when the query avoids the note's command name and description words. */
  paraphrase: z.boolean(),
  /** Fixed by the file's split rule before any scoring: tune on one half, report the other. */
  half: z.enum(['tuning', 'heldout']),
  why: z.string().trim().min(1),
});

/** A relevance file: how it was written (corpus commit, split rule) and its cases. */
export const RelevanceSetSchema = z
  .strictObject({
    about: z.string().trim().min(1),
    cases: z.array(RelevanceCaseSchema).min(1),
  })
  .superRefine((set, ctx) => {
    const seen = new Set<string>();
    set.cases.forEach((c, i) => {
      if (seen.has(c.id)) {
        ctx.addIssue({ code: 'custom', message: `duplicate id ${c.id}`, path: ['cases', i, 'id'] });
      }
      seen.add(c.id);
    });
  });

export type RelevanceCase = z.infer<typeof RelevanceCaseSchema>;
export type RelevanceSet = z.infer<typeof RelevanceSetSchema>;
export type RelevanceHalf = RelevanceCase['half'];

/** Validates parsed JSON as a relevance set; throws an error naming `file` and what is wrong. */
export function parseRelevanceSet(data: unknown, file: string): RelevanceSet {
  const result = RelevanceSetSchema.safeParse(data);
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Reads a relevance file such as bench/relevance/tldr-es.json and returns its validated cases. */
export async function loadRelevanceCases(file: string): Promise<RelevanceCase[]> {
  const text = await readFile(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file}: invalid JSON: ${(err as Error).message}`);
  }
  return parseRelevanceSet(data, file).cases;
}
