import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { pagesDigest, TLDR_ES_PACK, tldrPages } from './tldr-pages.ts';

/**
 * Packs tldr-pages' `pages.es` folder into bench/corpus/tldr-es/pages.json.gz: one
 * JSON object, each page's path (`common/tar.md`) → its text, keys sorted, gzip level 9.
 * The pages are the `.md` files inside the platform folders; files at the top (a
 * LICENSE.md or SOURCE.md a copy may carry) are not pages. Text is decoded as UTF-8
 * and checked to encode back to the same bytes, so the pack holds the pages unchanged.
 *
 * `npx tsx bench/corpus/pack-tldr.ts PAGES_ES` writes the pack and prints its digest
 * (the one SOURCE.md records); `--check PAGES_ES` writes nothing and fails unless the
 * pack in the repository holds exactly that folder's pages.
 */

/** path → text of every page under `folder`, refusing any that is not valid UTF-8. */
function readPages(folder: string): Record<string, string> {
  const paths = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.md') && p.includes('/'))
    .sort();
  const pages: Record<string, string> = {};
  for (const path of paths) {
    const bytes = readFileSync(join(folder, path));
    const text = bytes.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(bytes)) throw new Error(`not UTF-8: ${path}`);
    pages[path] = text;
  }
  return pages;
}

const { values, positionals } = parseArgs({
  options: { check: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const folder = positionals[0];
if (!folder) throw new Error('usage: npx tsx bench/corpus/pack-tldr.ts [--check] PAGES_ES_FOLDER');
const pages = readPages(resolve(folder));
const digest = pagesDigest(pages);
const count = Object.keys(pages).length;
if (values.check) {
  const packed = pagesDigest(tldrPages());
  if (packed !== digest) throw new Error(`the pack (${packed}) is not ${folder} (${digest})`);
  process.stdout.write(`pack matches ${folder}: ${count} pages, sha256 ${digest}\n`);
} else {
  const gz = gzipSync(JSON.stringify(pages), { level: 9 });
  writeFileSync(TLDR_ES_PACK, gz);
  process.stdout.write(`${TLDR_ES_PACK}: ${count} pages, ${gz.length} bytes, sha256 ${digest}\n`);
}
