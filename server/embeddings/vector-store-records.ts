import { createHash, randomBytes } from 'node:crypto';
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

/** JSON of one line, or null for a torn or empty one. */
export function safeJson(line: string | undefined): unknown {
  if (!line) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/**
 * The index lines after the meta line that can be trusted: read up to the first torn
 * line or the first naming bytes the binary file lacks (a crash mid-append).
 * `goodBytes` is the index's length up to there, meta line included.
 */
export function parseIndexLines(
  lines: readonly string[],
  vectors: number,
): { records: IndexRecord[]; goodBytes: number; torn: boolean } {
  const records: IndexRecord[] = [];
  let goodBytes = Buffer.byteLength(lines[0] ?? '') + 1;
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const rec = IndexRecordSchema.safeParse(safeJson(line));
    if (!rec.success) return { records, goodBytes, torn: true };
    const r = rec.data;
    if (r.t === 'note' && r.chunks.some((c) => c.off + 1 > vectors)) {
      return { records, goodBytes, torn: true };
    }
    goodBytes += Buffer.byteLength(line) + 1;
    records.push(r);
  }
  return { records, goodBytes, torn: false };
}

/** Which embedder a store's vectors come from: another one starts a new store. */
export interface StoreIdentity {
  model: string;
  dimensions: number;
}

/**
 * The meta line of a new store: a generation from the model and dimensions plus random
 * bytes (clients holding another generation start over), and its first binary file.
 */
export function freshMeta(identity: StoreIdentity, chunker: number): MetaRecord {
  const id = createHash('sha256').update(`${identity.model}\n${identity.dimensions}`).digest('hex');
  const generation = `${id.slice(0, 8)}-${randomBytes(4).toString('hex')}`;
  return {
    t: 'meta',
    ...identity,
    chunker,
    generation,
    bin: `vectors-${generation}-0.bin`,
    floor: 0,
    seq: 0,
  };
}
