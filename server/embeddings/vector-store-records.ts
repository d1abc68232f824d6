import * as z from 'zod/mini';

/** Lines of the vector store's NDJSON index (vector-store.ts); checked when read back. */

const Count = z.int().check(z.nonnegative());

export const MetaRecordSchema = z.object({
  t: z.literal('meta'),
  model: z.string(),
  dimensions: z.int().check(z.positive()),
  chunker: z.int(),
  generation: z.string(),
  /** The binary file the `off` fields index, in vectors of `dimensions` bytes. */
  bin: z.string().check(z.regex(/^vectors-[\w-]+\.bin$/)),
  floor: Count,
  seq: Count,
});
export type MetaRecord = z.infer<typeof MetaRecordSchema>;

export const IndexRecordSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('note'),
    seq: z.int().check(z.positive()),
    path: z.string(),
    hash: z.string(),
    chunks: z.array(
      z.object({ heading: z.string(), start: Count, end: Count, scale: z.number(), off: Count }),
    ),
  }),
  z.object({ t: z.literal('remove'), seq: z.int().check(z.positive()), path: z.string() }),
]);
export type IndexRecord = z.infer<typeof IndexRecordSchema>;
