import { getManifest } from '../lib/api.ts';
import { MANIFEST_MAX_AGE_MS } from '../lib/timing.ts';

/**
 * The vault's note paths for /unir and answer links, fetched at most every few
 * seconds while typing; a failed fetch keeps the last list it had.
 */
export function createNotePaths(report: (error: unknown) => void) {
  let cached: { paths: string[]; at: number } | null = null;
  return async (): Promise<string[] | null> => {
    if (cached && Date.now() - cached.at < MANIFEST_MAX_AGE_MS) return cached.paths;
    try {
      cached = { paths: (await getManifest()).notes.map((n) => n.path), at: Date.now() };
      return cached.paths;
    } catch (error) {
      report(error);
      return cached?.paths ?? null;
    }
  };
}
