import { type SplitNote, splitFrontMatter } from '../../../common/front-matter.ts';
import { frontMatterBlock } from '../../../common/front-matter-block.ts';

/** `key: value`, the key a plain word. */
const LINE_RE = /^([A-Za-z][\w-]*):[ \t]+(.*?)[ \t]*$/;
/** A word YAML reads as that very string: a letter first, then letters, digits, `_`, `-`. */
const WORD_RE = /^\p{L}[\p{L}\p{N}_-]*$/u;
/** Words some YAML reads as booleans or null (compared lower case). */
const NOT_STRINGS = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n']);

const isWord = (s: string) => WORD_RE.test(s) && !NOT_STRINGS.has(s.toLowerCase());

/** A value that is one word or a flow list of words, as YAML would read it; undefined otherwise. */
function wordValue(raw: string): string | string[] | undefined {
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const inner = raw.slice(1, -1).trim();
    if (inner === '') return [];
    const items = inner.split(',').map((s) => s.trim());
    return items.every(isWord) ? items : undefined;
  }
  return isWord(raw) ? raw : undefined;
}

/**
 * `splitFrontMatter`, with the YAML parser skipped for the commonest block: a
 * few `key: word` or `key: [word, word]` lines (`tags: [viaje, perú]`), read
 * here exactly as YAML reads them. Any other block goes to the parser. The
 * parser was a noticeable share of the worker's time indexing a vault (docs/FACTS.md).
 */
export function splitSimpleFrontMatter(text: string): SplitNote {
  const block = frontMatterBlock(text);
  if (!block) return { frontMatter: null, body: text, error: null };
  const frontMatter: Record<string, unknown> = {};
  for (const line of block.yaml.split('\n')) {
    const m = LINE_RE.exec(line);
    const value = m ? wordValue(m[2]!) : undefined;
    // A duplicate key is an error for the parser: let it say so.
    if (!m || value === undefined || Object.hasOwn(frontMatter, m[1]!)) {
      return splitFrontMatter(text);
    }
    frontMatter[m[1]!] = value;
  }
  return { frontMatter, body: block.body, error: null };
}
