import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagesDigest, TLDR_ES_DIR, tldrPages } from './tldr-pages.ts';

/** The digest SOURCE.md records for the upstream folder. */
function recordedDigest(): string {
  const source = readFileSync(join(TLDR_ES_DIR, 'SOURCE.md'), 'utf8');
  const found = /^pages-sha256: ([0-9a-f]{64})$/m.exec(source);
  if (!found?.[1]) throw new Error('SOURCE.md records no pages-sha256 line');
  return found[1];
}

describe('tldr-pages', () => {
  const pages = tldrPages();

  it('unpacks to pages whose digest is the one SOURCE.md records for the upstream folder', () => {
    expect(pagesDigest(pages)).toBe(recordedDigest());
  });

  it('holds the 2,365 pages, each inside a platform folder', () => {
    const paths = Object.keys(pages);
    expect(paths).toHaveLength(2365);
    expect(paths.filter((p) => !/^[a-z-]+\/[^/]+\.md$/.test(p))).toEqual([]);
    expect(pages['common/tar.md']).toMatch(/^# tar\n\n> /);
  });

  it('gives the pages in sorted path order', () => {
    const paths = Object.keys(pages);
    expect(paths).toEqual([...paths].sort());
  });

  it('changes its digest when one byte of one page changes', () => {
    const changed = { ...pages, 'common/tar.md': `${pages['common/tar.md']} ` };
    expect(pagesDigest(changed)).not.toBe(pagesDigest(pages));
  });

  it('carries the licence beside the pages', () => {
    const licence = readFileSync(join(TLDR_ES_DIR, 'LICENSE.md'), 'utf8');
    expect(licence).toContain('Creative Commons Attribution 4.0 International License');
  });
});
