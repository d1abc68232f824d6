import { foldText } from '../../common/fold-text.ts';
import { SYNAPSE_MISSING } from '../../common/synapse-line.ts';
import type { ParsedWikilink } from '../../common/wikilinks.ts';

/** Longest slug in a file name, in characters (names stay readable and far from OS limits). */
export const MAX_SLUG_CHARS = 60;
/** Longest excerpt in a synapse log line. */
export const MAX_EXCERPT_CHARS = 160;

/**
 * A safe single path segment from any text: NFC, accents folded to ASCII, lower case,
 * runs of anything else turned into one `-`, at most MAX_SLUG_CHARS; `fallback` when
 * nothing is left. Only `[a-z0-9-]`, so never hidden, never `..`, never a separator.
 */
export function slugify(text: string, fallback = 'nota'): string {
  // NFKC first so compatibility forms (ligatures, full-width letters) fold to ASCII too.
  const slug = foldText(text.normalize('NFKC'))
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_CHARS)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? fallback : slug;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` in the server's local time (the laptop's: the user's day). */
export function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `YYYY-MM-DD-HHmm` in local time: the prefix that ranks closings newest first. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  return `${localDate(ms)}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}

/** `---\n<yaml>---\n\n<body>`, the body ending with one newline. */
export async function withFrontMatter(
  fields: Record<string, unknown>,
  body: string,
): Promise<string> {
  // Loaded on first use: the YAML library adds megabytes an idle server does not need.
  const { stringify } = await import('yaml');
  const text = body.replace(/\s+$/, '');
  return `---\n${stringify(fields)}---\n\n${text}\n`;
}

/** Words of an answer's first line that name an untitled save. */
const NAME_WORDS = 8;

/**
 * What names an untitled save: the answer's first heading, else the first words of its
 * first line with Markdown marks left out; '' when the answer has no words.
 */
export function answerTitle(answer: string): string {
  const heading = /^#{1,6}[ \t]+(.+)$/m.exec(answer)?.[1];
  const line = heading ?? answer.split('\n').find((l) => /[\p{L}\p{N}]/u.test(l)) ?? '';
  const words = line
    .replace(/\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_, t: string, a?: string) => a ?? t)
    .replace(/[*_`#>[\]()~]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.slice(0, NAME_WORDS).join(' ');
}

/** The first free `<folder>/<stem>.md`, `<stem>-2.md`, `<stem>-3.md`… per `exists`. */
export async function freeName(
  folder: string,
  stem: string,
  exists: (rel: string) => Promise<boolean>,
): Promise<string> {
  for (let n = 1; ; n++) {
    const rel = `${folder}/${stem}${n === 1 ? '' : `-${n}`}.md`;
    if (!(await exists(rel))) return rel;
  }
}

/** One line: whitespace and control characters collapsed to single spaces. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return text.replace(/[\s\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/**
 * The sentence around a link (from the previous `.`, `!`, `?` or line break to the next),
 * on one line, at most MAX_EXCERPT_CHARS, cut around the link with `…` when longer.
 */
export function excerptAround(text: string, link: Pick<ParsedWikilink, 'start' | 'end'>): string {
  const before = text.slice(0, link.start);
  const after = text.slice(link.end);
  const startMatch = /[.!?\n][^.!?\n]*$/.exec(before);
  const start = startMatch ? startMatch.index + 1 : 0;
  const endMatch = /[.!?\n]/.exec(after);
  const end = endMatch ? link.end + endMatch.index + 1 : text.length;
  const sentence = oneLine(text.slice(start, end));
  if (sentence.length <= MAX_EXCERPT_CHARS) return sentence;
  const raw = oneLine(text.slice(link.start, link.end));
  const at = Math.max(0, sentence.indexOf(raw));
  const room = MAX_EXCERPT_CHARS - 2;
  const from = Math.max(
    0,
    Math.min(at - Math.floor((room - raw.length) / 2), sentence.length - room),
  );
  const cut = sentence.slice(from, from + room);
  return `${from > 0 ? '…' : ''}${cut}${from + room < sentence.length ? '…' : ''}`;
}

/** One synapse log line: date, session, link, the note it resolved to, excerpt. */
export function synapseLine(f: {
  time: number;
  session: { id: string; label: string };
  raw: string;
  resolved: string | null;
  excerpt: string;
}): string {
  return [
    new Date(f.time).toISOString(),
    `${oneLine(f.session.label)} (${f.session.id})`,
    oneLine(f.raw),
    f.resolved === null ? SYNAPSE_MISSING : oneLine(f.resolved),
    f.excerpt,
  ].join(' | ');
}
