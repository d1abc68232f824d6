import { getManifest } from '../lib/api.ts';
import { MANIFEST_MAX_AGE_MS } from '../lib/timing.ts';

/**
 * The vault's note paths for /unir and answer links, fetched at most every few
 * seconds while typing; a failed fetch keeps the last list it had.
 */
export function createNotePaths(report: (error: unknown) => void) {
  let cached: { paths: string[]; sizes: Map<string, number>; at: number } | null = null;
  const fetchPaths = async (): Promise<string[] | null> => {
    if (cached && Date.now() - cached.at < MANIFEST_MAX_AGE_MS) return cached.paths;
    try {
      const { notes } = await getManifest();
      const sizes = new Map(notes.map((n) => [n.path, n.size]));
      cached = { paths: notes.map((n) => n.path), sizes, at: Date.now() };
      return cached.paths;
    } catch (error) {
      report(error);
      return cached?.paths ?? null;
    }
  };
  /** A note's size in bytes as last listed (a chip's estimate before it is sent), or null. */
  const sizeOf = (path: string): number | null => cached?.sizes.get(path) ?? null;
  return Object.assign(fetchPaths, { sizeOf });
}
