import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { conversationSummaryFields } from '../../common/conversation-schemas.ts';
import { readLog } from './record-log.ts';

/** One record of the index log: a conversation's summary as of a write, the last one wins. */
const IndexEntrySchema = z.object({
  ...conversationSummaryFields(),
  /** The conversation log's size after the write: a log of another size was written since. */
  bytes: z.int(),
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
