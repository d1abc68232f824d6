/** One code point of `[\p{L}\p{N}\p{M}]`, the class of a snippet's words. */
const WORD_CHAR_RE = /^[\p{L}\p{N}\p{M}]$/u;
/** Per BMP code point: 1 a word character, 2 not one, 0 not looked up yet. */
const bmp = new Uint8Array(0x10000);
/** The same for code points past the BMP (emoji and the like: few, so a Map). */
const astral = new Map<number, boolean>();

function isWordChar(cp: number): boolean {
  if (cp < 0x10000) {
    let known = bmp[cp]!;
    if (known === 0) {
      known = WORD_CHAR_RE.test(String.fromCharCode(cp)) ? 1 : 2;
      bmp[cp] = known;
    }
    return known === 1;
  }
  let yes = astral.get(cp);
  if (yes === undefined) {
    yes = WORD_CHAR_RE.test(String.fromCodePoint(cp));
    astral.set(cp, yes);
  }
  return yes;
}

/**
 * The code point at `i` (whose first unit is `c`): its width in UTF-16 units,
 * negative when it is not a word character (a lone surrogate is a code point
 * of its own, as for a `u` regex).
 */
function stepAt(text: string, i: number, c: number): number {
  if (c < 128) return bmp[c] === 1 ? 1 : -1;
  if (c >= 0xd800 && c <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return isWordChar(pair(c, low)) ? 2 : -2;
  }
  return isWordChar(c) ? 1 : -1;
}

const pair = (high: number, low: number) => ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;

/** Does a word character end just before `i`? */
function wordCharBefore(text: string, i: number): boolean {
  if (i === 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return isWordChar(pair(high, c));
  }
  return isWordChar(c);
}

/** Where the word starting at `start` ends. */
function wordEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const step = stepAt(text, i, text.charCodeAt(i));
    if (step < 0) break;
    i += step;
  }
  return i;
}

for (let c = 0; c < 128; c++) isWordChar(c);

/**
 * Calls `visit(start, end)` for each word of `text` (a maximal run of
 * letters, digits and marks, by code point: the words
 * `/[\p{L}\p{N}\p{M}]+/gu` finds), in order, until it returns true; true if
 * one did. No match objects or strings are made: a snippet looks at every
 * word up to the first that matches, and that was most of its time.
 */
export function scanWords(
  text: string,
  visit: (start: number, end: number) => boolean,
  starts?: RegExp,
): boolean {
  if (starts) return scanFrom(text, visit, starts);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const step = stepAt(text, i, text.charCodeAt(i));
    if (step < 0) {
      i -= step;
      continue;
    }
    const start = i;
    i = wordEnd(text, i);
    if (visit(start, i)) return true;
  }
  return false;
}

/**
 * `scanWords` visiting only the words whose first code unit `starts` (a
 * global regex of single units) matches: the regex engine skips the rest of
 * the text far faster than a loop over its characters.
 */
function scanFrom(
  text: string,
  visit: (start: number, end: number) => boolean,
  starts: RegExp,
): boolean {
  starts.lastIndex = 0;
  // test, not exec: no match array per candidate (a unit matched, so it began one unit back).
  while (starts.test(text)) {
    const start = starts.lastIndex - 1;
    if (stepAt(text, start, text.charCodeAt(start)) < 0 || wordCharBefore(text, start)) continue;
    const end = wordEnd(text, start);
    if (visit(start, end)) return true;
    starts.lastIndex = end;
  }
  return false;
}
