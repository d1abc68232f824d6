/**
 * Where a note's YAML front matter block is, without parsing it: for views that only
 * need the body (offline pages) and must not load a YAML parser. `splitFrontMatter`
 * (front-matter.ts) reads the block through this, so both agree on what a block is.
 * No imports: shared by the server, the PWA and its worker.
 */

/** The opening `---` line, then everything up to a closing `---` line (trailing blanks allowed). */
const BLOCK_RE = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * The block as Obsidian sees it: only one that starts on the very first line (after a
 * BOM, which Windows editors may prepend) and is closed by a `---` line. `yaml` is the
 * text between the fences ('' for an empty block); null when there is no block.
 */
export function frontMatterBlock(text: string): { yaml: string; body: string } | null {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const m = BLOCK_RE.exec(src);
  return m ? { yaml: m[1] ?? '', body: src.slice(m[0].length) } : null;
}

/** The Markdown after the front matter block (the whole text when there is none). */
export function stripFrontMatter(text: string): string {
  return frontMatterBlock(text)?.body ?? text;
}
