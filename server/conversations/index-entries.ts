import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { readLog } from './record-log.ts';

/** One record of the index log: a conversation's summary as of a write, the last one wins. */
const IndexEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  profile: z.string(),
  project: z.nullable(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
  turns: z.int(),
  /** The conversation log's size after the write: a log of another size was written since. */
  bytes: z.int(),
  deletedAt: z.optional(z.number()),
});
export type IndexEntry = z.infer<typeof IndexEntrySchema>;

/** The index's latest entry per conversation and how many records the log holds. */
export async function readIndex(file: string): Promise<{ entries: IndexEntry[]; records: number }> {
  const { records } = await readLog(file, true);
  const latest = new Map<string, IndexEntry>();
  for (const raw of records) {
    const parsed = safeParse(IndexEntrySchema, raw);
    if (parsed.success) latest.set(parsed.data.id, parsed.data);
  }
  return { entries: [...latest.values()], records: records.length };
}
