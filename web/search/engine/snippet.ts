import { foldText as foldTerm } from '../../../common/fold-text.ts';
import { scanWords } from '../analysis/scan-words.ts';

/** How many characters of context a snippet shows before the first match… */
const BEFORE = 60;
/** …and how long it is in all. */
const LENGTH = 200;

const FRONT_MATTER_RE = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The note's words without Markdown's marks, so a snippet reads as text:
 * headings, list and quote markers, emphasis, code fences and backticks go;
 * links and wikilinks keep their visible text.
 */
export function plainText(markdown: string): string {
  // Each step only where its mark occurs (a regex with no match returns the text as
  // it was): most notes have few marks, and every note goes through this once.
  let s = markdown;
  if (s.includes('```')) s = s.replace(/^```.*$/gm, '');
  if (s.includes('[[')) {
    s = s.replace(
      /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g,
      (_m, target: string, alias?: string) => (alias ?? target).trim(),
    );
  }
  if (s.includes('](')) s = s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
  if (s.includes('#')) s = s.replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '');
  s = s.replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '');
  if (s.includes('>')) s = s.replace(/^[ \t]*>[ \t]?/gm, '');
  if (s.includes('**') || s.includes('__') || s.includes('`')) s = s.replace(/(\*\*|__|`)/g, '');
  if (s.includes('*') || s.includes('_')) {
    s = s.replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/gm, '$1$2');
  }
  return s;
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

/** Does the word at `[start, end)` of `text` match? `starts`: the first code units a matching word can have. */
interface Matcher {
  (text: string, start: number, end: number): boolean;
  starts: RegExp;
}

const isAscii = (c: string) => c.charCodeAt(0) < 128;
/** An ASCII character as a regex class unit, both cases for a letter. */
function unitClass(c: string): string {
  const escaped = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return c >= 'a' && c <= 'z' ? `${escaped}${c.toUpperCase()}` : escaped;
}

/**
 * A global regex finding the code units a matching word can start with, one
 * unit long: past ASCII (`á` folds to `a`), or a term's ASCII first letter in
 * either case followed (a lookahead) by its second in either case or by
 * anything past ASCII (an accent, a combining mark); `scanWords` checks it is
 * a word's start. The regex engine skips the rest far faster than a loop
 * looks at each unit (a lookbehind for word starts made it slower).
 */
function startsOf(terms: readonly string[]): RegExp {
  /** An ASCII first letter → the ASCII second letters after it (null: a term is that one letter). */
  const seconds = new Map<string, Set<string> | null>();
  for (const t of terms) {
    const [first, second] = [t[0]!, t[1]];
    if (!isAscii(first) || seconds.get(first) === null) continue;
    if (second === undefined) {
      seconds.set(first, null);
      continue;
    }
    const next = seconds.get(first) ?? new Set<string>();
    if (isAscii(second)) next.add(second);
    seconds.set(first, next);
  }
  const starts: string[] = [];
  for (const [first, next] of seconds) {
    starts.push(
      next === null
        ? `[${unitClass(first)}]`
        : `[${unitClass(first)}](?=[${[...next].map(unitClass).join('')}\\u0080-\\uffff])`,
    );
  }
  starts.push('[\\u0080-\\uffff]');
  return new RegExp(starts.join('|'), 'g');
}

/**
 * Tells the words the index turned into one of `terms`: stems are prefixes
 * of the folded word (Snowball only strips suffixes), so a prefix test finds
 * them without running the stemmer again.
 */
function matcher(terms: readonly string[]): Matcher {
  const key = terms.join('\u0000');
  const known = matchers.get(key);
  if (known) return known;
  const wanted = terms.filter((t) => t.length > 0);
  // The ASCII letters the terms start with: a word starting with any other ASCII
  // character folds to a word starting with it too, so it cannot match (most words, unfolded).
  const firsts = new Uint8Array(128);
  for (const t of wanted) if (t.charCodeAt(0) < 128) firsts[t.charCodeAt(0)] = 1;
  const matches = (text: string, start: number, end: number) => {
    const c = text.charCodeAt(start);
    if (c < 128 && firsts[c >= 65 && c <= 90 ? c + 32 : c] === 0) return false;
    const folded = foldWord(text.slice(start, end));
    return wanted.some((t) => folded.startsWith(t));
  };
  const made = Object.assign(matches, { starts: startsOf(wanted) });
  if (matchers.size >= 1_000) matchers.clear();
  matchers.set(key, made);
  return made;
}

/**
 * The matcher of each set of terms seen lately: the hits of a query share a
 * few sets, and V8 compiles a regex once per instance.
 */
const matchers = new Map<string, Matcher>();

/** The matched words of `text`. */
function marksIn(text: string, matches: Matcher): [number, number][] {
  const marks: [number, number][] = [];
  scanWords(
    text,
    (start, end) => {
      if (matches(text, start, end)) marks.push([start, end]);
      return false;
    },
    matches.starts,
  );
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
  scanWords(
    body,
    (start, end) => {
      if (!matches(body, start, end)) return false;
      first = start;
      return true;
    },
    matches.starts,
  );
  let from = Math.max(0, first - BEFORE);
  // Start on a word boundary rather than in the middle of one.
  if (from > 0) from = body.indexOf(' ', from) + 1 || from;
  const to = Math.min(body.length, from + LENGTH);
  const core = body.slice(from, to).replace(/\s+/g, ' ').trim();
  const text = `${from > 0 ? '…' : ''}${core}${to < body.length ? '…' : ''}`;
  return { text, marks: marksIn(text, matches) };
}
