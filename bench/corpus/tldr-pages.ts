import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The tldr-es corpus the bench and the relevance set read: the Spanish pages of
 * tldr-pages, unchanged, packed into one gzipped JSON object (path → text) beside
 * its licence and source in `bench/corpus/tldr-es/` (see SOURCE.md there;
 * `pack-tldr.ts` made the pack).
 */

/** The folder that carries the corpus, its licence and its source. */
export const TLDR_ES_DIR = join(import.meta.dirname, 'tldr-es');
/** The packed pages: gzip of a JSON object, `"common/tar.md"` → the page's text. */
export const TLDR_ES_PACK = join(TLDR_ES_DIR, 'pages.json.gz');

/** A page path as in the upstream folder: relative, `/`-separated, a `.md` file, never `..`. */
const PagePath = z
  .string()
  .regex(/^[^/\\]+(\/[^/\\]+)*\.md$/)
  .refine((p) => !p.split('/').includes('..'));
const PackSchema = z.record(PagePath, z.string());

/**
 * path → text of every page, in the order the bench has always served them (paths
 * sorted as JavaScript sorts strings). Read once per call: callers keep the result.
 */
export function tldrPages(): Record<string, string> {
  const pack = PackSchema.parse(
    JSON.parse(gunzipSync(readFileSync(TLDR_ES_PACK)).toString('utf8')),
  );
  const pages: Record<string, string> = {};
  for (const path of Object.keys(pack).sort()) pages[path] = pack[path] as string;
  return pages;
}

/**
 * One hash of every page's bytes and path, the one coreutils prints for the
 * upstream folder: `find . -name '*.md' -type f | LC_ALL=C sort | xargs sha256sum | sha256sum`
 * (run inside `pages.es`). Paths are ASCII, so JavaScript's sort is `LC_ALL=C`'s.
 */
export function pagesDigest(pages: Record<string, string>): string {
  const listing = Object.keys(pages)
    .sort()
    .map((path) => `${sha256(Buffer.from(pages[path] as string, 'utf8'))}  ./${path}\n`)
    .join('');
  return sha256(Buffer.from(listing, 'utf8'));
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
