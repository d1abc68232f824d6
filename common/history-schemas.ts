// zod/mini, like the other shared schemas, to keep the PWA's chunks small.
import * as z from 'zod/mini';
import { ProposalKindSchema } from './proposal-schemas.ts';

/**
 * The write history (/api/history): before every approved write the server keeps the
 * file's previous bytes (and the new ones) outside the vault, content-addressed by
 * SHA-256, with one index entry per write. Shared by the server and the PWA.
 */

/** Lower-case hex SHA-256. */
const HashSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** One approved write as the history index keeps it. */
export const HistoryEntrySchema = z.object({
  /** The proposal's id: one entry per confirmed proposal. */
  id: z.string(),
  /** ISO 8601, when the write was approved. */
  time: z.string(),
  kind: ProposalKindSchema,
  /** Canonical vault path. */
  path: z.string(),
  /** The session (device) that approved it. */
  session: z.object({ id: z.string(), label: z.string() }),
  /** The conversation the write came from, when the client said. */
  conversation: z.optional(z.string()),
  /** The whole file before the write; null when it did not exist. */
  before: z.nullable(HashSchema),
  /** The whole file after the write; null when the write removed it. */
  after: z.nullable(HashSchema),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * Whether an entry's write is on disk, read from what followed it: `current` (the file
 * still has `after`), `superseded` (the next write started from `after`), `changed` (the
 * file moved on outside SOMA), `not_written` (the file still has `before`, and no later
 * write started from `after`: the write was recorded and then failed or was cut).
 */
export const HistoryStateSchema = z.enum(['current', 'superseded', 'changed', 'not_written']);
export type HistoryState = z.infer<typeof HistoryStateSchema>;

/** GET /api/history/note: a note's writes, newest first. */
export const HistoryListAnswerSchema = z.object({
  path: z.string(),
  /** The file now: its SHA-256, or null when it does not exist. */
  current: z.nullable(HashSchema),
  writes: z.array(
    z.object({
      ...HistoryEntrySchema.shape,
      state: HistoryStateSchema,
      /** Whether the file now has this write's `after` bytes. */
      matchesCurrent: z.boolean(),
    }),
  ),
});
export type HistoryListAnswer = z.infer<typeof HistoryListAnswerSchema>;

/** Paths GET /api/history/current answers for at once. */
export const MAX_CURRENT_PATHS = 100;

/**
 * GET /api/history/current: the file now at each path asked (every approved card's
 * «Deshacer» needs it), in the order asked. `current` is its SHA-256, null when it does
 * not exist; `error` is the code when the vault refuses the path (`invalid_path`).
 */
export const HistoryCurrentAnswerSchema = z.object({
  files: z.array(
    z.object({
      path: z.string(),
      current: z.nullable(HashSchema),
      error: z.optional(z.string()),
    }),
  ),
});
export type HistoryCurrentAnswer = z.infer<typeof HistoryCurrentAnswerSchema>;

/** GET /api/history/diff: one write as unified diffs (header lines left out). */
export const HistoryDiffAnswerSchema = z.object({
  id: z.string(),
  /** From the version before this write to the one it wrote. */
  previous: z.string(),
  /** From the version this write wrote to the file as it is now. */
  current: z.string(),
});
export type HistoryDiffAnswer = z.infer<typeof HistoryDiffAnswerSchema>;

/** POST /api/proposals/restore: a version of `path` back, or (`version: null`) the file removed. */
export const RestoreBodySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(1024)),
  version: z.nullable(HashSchema),
});

/** What the history takes on disk (`/api/status`). */
export const HistoryUsageSchema = z.object({
  bytes: z.int().check(z.nonnegative()),
  entries: z.int().check(z.nonnegative()),
});
export type HistoryUsage = z.infer<typeof HistoryUsageSchema>;
