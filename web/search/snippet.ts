import { foldText as foldTerm } from '../../common/fold-text.ts';

/** How many characters of context a snippet shows before the first match… */
const BEFORE = 60;
/** …and how long it is in all. */
const LENGTH = 200;

const FRONT_MATTER_RE = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;
const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The note's words without Markdown's marks, so a snippet reads as text:
 * headings, list and quote markers, emphasis, code fences and backticks go;
 * links and wikilinks keep their visible text.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(
      /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g,
      (_m, target: string, alias?: string) => (alias ?? target).trim(),
    )
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/gm, '$1$2');
}

/** A line of a note around a match, with where the matched words are (`[start, end)` in `text`). */
export interface Snippet {
  text: string;
  marks: [number, number][];
}

/** Words folded so far: a snippet folds every word up to the first match, and notes repeat their words. */
const foldedWords = new Map<string, string>();
/** How many are kept (a vault's vocabulary; tens of bytes each). */
const FOLD_CACHE_LIMIT = 50_000;

/** `foldTerm(word)`, remembered: Unicode normalisation was most of a snippet's time. */
function foldWord(word: string): string {
  let folded = foldedWords.get(word);
  if (folded === undefined) {
    folded = foldTerm(word);
    if (foldedWords.size >= FOLD_CACHE_LIMIT) foldedWords.clear();
    foldedWords.set(word, folded);
  }
  return folded;
}

/**
 * Tells the words the index turned into one of `terms`: stems are prefixes
 * of the folded word (Snowball only strips suffixes), so a prefix test finds
 * them without running the stemmer again.
 */
function matcher(terms: readonly string[]): (word: string) => boolean {
  const wanted = terms.filter((t) => t.length > 0);
  // The ASCII letters the terms start with: a word starting with any other ASCII
  // character folds to a word starting with it too, so it cannot match (most words, unfolded).
  const firsts = new Uint8Array(128);
  for (const t of wanted) if (t.charCodeAt(0) < 128) firsts[t.charCodeAt(0)] = 1;
  return (word) => {
    const c = word.charCodeAt(0);
    if (c < 128 && firsts[c >= 65 && c <= 90 ? c + 32 : c] === 0) return false;
    const folded = foldWord(word);
    return wanted.some((t) => folded.startsWith(t));
  };
}

/** The matched words of `text`. */
function marksIn(text: string, matches: (word: string) => boolean): [number, number][] {
  const marks: [number, number][] = [];
  for (const m of text.matchAll(WORD_RE)) {
    if (matches(m[0])) marks.push([m.index, m.index + m[0].length]);
  }
  return marks;
}

/**
 * A short excerpt of a note's body around the first word that matched
 * `terms` (index terms, as a search returns them), with the matches marked.
 * The UI wraps the marks in `<mark>`: the note's text is never parsed as HTML.
 */
export function makeSnippet(content: string, terms: readonly string[]): Snippet {
  return snippetOf(snippetBody(content), terms);
}

/** A note's body as snippets are cut from it: no front matter, no Markdown marks. */
export function snippetBody(content: string): string {
  return plainText(content.replace(FRONT_MATTER_RE, ''));
}

/** `makeSnippet` of a body already through `snippetBody` (the engine keeps those of recent hits). */
export function snippetOf(body: string, terms: readonly string[]): Snippet {
  const matches = matcher(terms);
  let first = 0;
  for (const m of body.matchAll(WORD_RE)) {
    if (matches(m[0])) {
      first = m.index;
      break;
    }
  }
  let from = Math.max(0, first - BEFORE);
  // Start on a word boundary rather than in the middle of one.
  if (from > 0) from = body.indexOf(' ', from) + 1 || from;
  const to = Math.min(body.length, from + LENGTH);
  const core = body.slice(from, to).replace(/\s+/g, ' ').trim();
  const text = `${from > 0 ? '…' : ''}${core}${to < body.length ? '…' : ''}`;
  return { text, marks: marksIn(text, matches) };
}
