import * as z from 'zod/mini';
import { SkipReasonSchema } from '../../common/api-schemas.ts';
import { JsonFile } from '../storage/json-file.ts';
import type { IndexEntry } from './vault-scan.ts';

/** The scan cache's file name in the config dir. */
export const SCAN_CACHE_FILE = 'vault-scan.json';

/** One file as [vault-relative path, size, mtime, hash, kind]: tuples keep 10k entries small. */
const CachedFileSchema = z.tuple([
  z.string(),
  z.number().check(z.nonnegative()),
  z.number(),
  z.string().check(z.regex(/^(?:[0-9a-f]{64})?$/)),
  z.enum(['note', ...SkipReasonSchema.options]),
]);

const ScanCacheSchema = z.object({
  version: z.literal(1),
  /** The vault it describes: another vault's cache is ignored. */
  root: z.string(),
  /** `too_large` depends on it: a cache made under another limit is ignored. */
  maxNoteBytes: z.number(),
  files: z.array(CachedFileSchema),
});

/** What the cache remembers of a file; the path on disk comes from this start's walk. */
export type CachedEntry = Omit<IndexEntry, 'abs'>;

/**
 * The last run's scan (path → size, mtime, hash, kind), so a restart re-reads and
 * re-hashes only the files whose size or mtime moved: the same reuse a rescan makes of
 * the index. Empty when there is none, or it is damaged, of another version, another
 * vault or another size limit: the scan then reads everything, as on a first start.
 */
export async function loadScanCache(
  file: string,
  root: string,
  maxNoteBytes: number,
): Promise<Map<string, CachedEntry>> {
  const out = new Map<string, CachedEntry>();
  const found = await new JsonFile(file, ScanCacheSchema).read();
  if (found.status === 'corrupt') {
    console.error(`[vault] se ignora la caché de exploración dañada ${file}`);
  }
  if (found.status !== 'valid') return out;
  const parsed = found.value;
  if (parsed.root !== root || parsed.maxNoteBytes !== maxNoteBytes) return out;
  for (const [rel, size, mtime, hash, kind] of parsed.files) {
    out.set(rel, { size, mtime, hash, kind });
  }
  return out;
}

/** Writes the index as the next start's scan cache, atomically (temp file and rename). */
export async function saveScanCache(
  file: string,
  root: string,
  maxNoteBytes: number,
  entries: ReadonlyMap<string, IndexEntry>,
): Promise<void> {
  const files = [...entries].map(
    ([rel, e]): z.infer<typeof CachedFileSchema> => [rel, e.size, e.mtime, e.hash, e.kind],
  );
  // No fsync: a cache lost or damaged by a crash costs one full scan (loadScanCache ignores
  // it), while waiting for the cache to reach the disk held up the fsync of the login that
  // follows a first start (measured: docs/FACTS.md).
  await new JsonFile(file, ScanCacheSchema, { fsync: false }).write({
    version: 1,
    root,
    maxNoteBytes,
    files,
  });
}

/** True when the index holds exactly what the cache said: nothing to write back. */
export function cacheMatches(
  cached: ReadonlyMap<string, CachedEntry>,
  entries: ReadonlyMap<string, IndexEntry>,
): boolean {
  if (cached.size !== entries.size) return false;
  for (const [rel, e] of entries) {
    const c = cached.get(rel);
    if (c?.size !== e.size || c.mtime !== e.mtime || c.hash !== e.hash || c.kind !== e.kind) {
      return false;
    }
  }
  return true;
}
