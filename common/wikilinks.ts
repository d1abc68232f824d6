/**
 * Obsidian-style wikilinks: parsing and name resolution. Shared by the server and
 * the PWA, so no Node imports here.
 */

export interface ParsedWikilink {
  /** The link as written, brackets included: `![[nota#sección|alias]]`. */
  raw: string;
  /** Trimmed, NFC, without a trailing `.md`; '' for a same-note link (`[[#sección]]`). */
  target: string;
  /** Trimmed, NFC; null when absent or empty. */
  section: string | null;
  /** Trimmed, NFC; null when absent or empty (`[[nota|]]` shows the name). */
  alias: string | null;
  /** `![[x]]` embeds the target instead of linking to it. */
  embed: boolean;
  /** Offsets of `raw` in the parsed text (end exclusive). */
  start: number;
  end: number;
}

const LINK_RE = /(!?)\[\[([^[\]\n]+?)\]\]/g;
/** A fence opens with 3+ backticks or tildes indented at most 3 spaces (CommonMark). */
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

/** Ranges [start, end) of fenced code blocks and inline code spans, where links are text. */
function codeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let fence: { char: string; len: number; start: number } | null = null;
  let pos = 0;
  let proseStart = 0;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl;
    const m = FENCE_RE.exec(text.slice(pos, lineEnd));
    if (fence === null && m?.[1]) {
      inlineCodeRanges(text, proseStart, pos, ranges);
      fence = { char: m[1][0] ?? '`', len: m[1].length, start: pos };
    } else if (fence !== null && m?.[1] && m[1][0] === fence.char && m[1].length >= fence.len) {
      ranges.push([fence.start, lineEnd]);
      fence = null;
      proseStart = lineEnd;
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  // An unclosed fence runs to the end of the document, as in CommonMark.
  if (fence !== null) ranges.push([fence.start, text.length]);
  else inlineCodeRanges(text, proseStart, text.length, ranges);
  return ranges;
}

/** A backtick run opens a code span closed by the next run of exactly the same length. */
function inlineCodeRanges(text: string, from: number, to: number, out: Array<[number, number]>) {
  const runRe = /`+/g;
  runRe.lastIndex = from;
  let open: RegExpExecArray | null = runRe.exec(text);
  while (open !== null && open.index < to) {
    const len = open[0].length;
    let close: RegExpExecArray | null = runRe.exec(text);
    while (close !== null && close.index < to && close[0].length !== len) close = runRe.exec(text);
    if (close === null || close.index >= to) {
      // No closing run: these backticks are literal; keep looking after them.
      runRe.lastIndex = open.index + len;
    } else {
      out.push([open.index, close.index + len]);
    }
    open = runRe.exec(text);
  }
}

/** Removes a trailing `.md` (any case) as Obsidian accepts `[[nota.md]]`. */
function stripMd(name: string): string {
  return /\.md$/i.test(name) ? name.slice(0, -3) : name;
}

/** One link from its regex match: the single place a link's parts are read. */
function toLink(m: RegExpExecArray, start: number): ParsedWikilink {
  let inner = m[2] ?? '';
  let alias: string | null = null;
  const bar = inner.indexOf('|');
  if (bar !== -1) {
    // An empty alias (`[[nota|]]`) shows the name, as a link with no alias does.
    alias = inner.slice(bar + 1).trim() || null;
    // Inside a table Obsidian writes `[[nota\|alias]]`; the backslash is not part of the name.
    inner = inner.slice(0, bar).replace(/\\$/, '');
  }
  let section: string | null = null;
  const hash = inner.indexOf('#');
  if (hash !== -1) {
    section =
      inner
        .slice(hash + 1)
        .trim()
        .normalize('NFC') || null;
    inner = inner.slice(0, hash);
  }
  return {
    raw: m[0],
    target: stripMd(inner.trim()).trim().normalize('NFC'),
    section,
    alias: alias === null ? null : alias.normalize('NFC'),
    embed: m[1] === '!',
    start,
    end: start + m[0].length,
  };
}

/** Every wikilink in `markdown`, in order, except those inside code. */
export function parseWikilinks(markdown: string): ParsedWikilink[] {
  const code = codeRanges(markdown);
  const links: ParsedWikilink[] = [];
  for (const m of markdown.matchAll(LINK_RE)) {
    const link = toLink(m, m.index);
    if (!code.some(([a, b]) => link.start < b && link.end > a)) links.push(link);
  }
  return links;
}

/**
 * The wikilink that starts exactly at `text[at]`, or null. For a Markdown renderer whose
 * tokenizer already knows where code is (it asks only outside code spans and blocks).
 */
export function wikilinkAt(text: string, at = 0): ParsedWikilink | null {
  const sticky = new RegExp(LINK_RE.source, 'y');
  sticky.lastIndex = at;
  const m = sticky.exec(text);
  return m ? toLink(m, at) : null;
}

/** The note's name: its file name without `.md`, NFC. */
export function noteName(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return stripMd(base).normalize('NFC');
}

/**
 * The key names are compared by. `toLowerCase` (not `toLocaleLowerCase`) so that the
 * server and every browser agree whatever their locale (Turkish `I` would differ).
 */
export function noteKey(nameOrTarget: string): string {
  return nameOrTarget.normalize('NFC').toLowerCase();
}

/** Obsidian's tie-break: fewest segments, then shortest, then code-unit order. */
function comparePaths(a: string, b: string): number {
  const segs = a.split('/').length - b.split('/').length;
  if (segs !== 0) return segs;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Resolves link targets to vault paths, as Obsidian does. Paths are vault-relative `.md` files. */
export class LinkIndex {
  /** noteKey(name) → paths of the notes with that name. */
  private readonly byName = new Map<string, Set<string>>();

  constructor(paths: Iterable<string> = []) {
    for (const p of paths) this.add(p);
  }

  add(path: string): void {
    const p = path.normalize('NFC');
    const key = noteKey(noteName(p));
    let set = this.byName.get(key);
    if (!set) {
      set = new Set();
      this.byName.set(key, set);
    }
    set.add(p);
  }

  remove(path: string): void {
    const p = path.normalize('NFC');
    const key = noteKey(noteName(p));
    const set = this.byName.get(key);
    if (!set) return;
    set.delete(p);
    if (set.size === 0) this.byName.delete(key);
  }

  /** The path `target` links to, or null when no note matches. */
  resolve(target: string): string | null {
    const t = stripMd(target.trim().normalize('NFC').replace(/^\/+/, ''));
    if (t === '') return null;
    const candidates = this.byName.get(noteKey(noteName(t)));
    if (!candidates) return null;
    let matches = [...candidates];
    if (t.includes('/')) {
      const suffix = noteKey(t);
      matches = matches.filter((p) => {
        const k = noteKey(stripMd(p));
        return k === suffix || k.endsWith(`/${suffix}`);
      });
    }
    matches.sort(comparePaths);
    return matches[0] ?? null;
  }
}
