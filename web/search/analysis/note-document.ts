import { noteName } from '../../../common/wikilinks.ts';
import { splitSimpleFrontMatter } from './simple-front-matter.ts';

/** A note as the index sees it: the fields searched, and those kept to show and filter hits. */
export interface NoteDocument {
  path: string;
  title: string;
  folder: string;
  aliases: string;
  tags: string[];
  headings: string;
  /** What the note says it is about: front matter `description`, or its first paragraph. */
  lead: string;
  body: string;
}

/** `03_Proyectos/a/b.md` → `03_Proyectos/a`; a note at the top of the vault has folder ''. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** A front matter value as a list of strings (`tags: a` and `tags: [a, b]` both occur). */
function stringList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value == null ? [] : [value];
  return items
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).replace(/^#/, '').normalize('NFC'))
    .filter((v) => v.length > 0);
}

/** Inline `#etiqueta` tags in the body, as Obsidian reads them (not headings, not `#1`). */
const INLINE_TAG_RE = /(?:^|\s)#([\p{L}_][\p{L}\p{N}_/-]*)/gu;
const HEADING_RE = /^#{1,6}[ \t]+(.+)$/gm;

/** Lines that are not a paragraph's prose: headings, fences, rules, tables, embeds. */
const NOT_PROSE_RE = /^(#{1,6}\s|```|~~~|---|\*\*\*|\||!\[)/;

/**
 * The note's first paragraph of prose, quote markers removed (tldr's `> `
 * summary, an abstract under the title): what the note is about, more often
 * than any later line.
 */
export function firstParagraph(body: string): string {
  const lines: string[] = [];
  // Line by line as far as the paragraph goes: splitting the whole body made every line.
  for (let from = 0; from <= body.length; ) {
    let end = body.indexOf('\n', from);
    if (end < 0) end = body.length;
    const line = body.slice(from, end).trim();
    from = end + 1;
    if (line === '' || line === '>') {
      if (lines.length > 0) break;
      continue;
    }
    if (NOT_PROSE_RE.test(line)) {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(line.replace(/^>\s?/, ''));
  }
  return lines.join('\n');
}

/** Splits a note into the fields the index weighs differently. */
export function toNoteDocument(path: string, content: string): NoteDocument {
  // Only a note that starts with `---` can have front matter: skip the YAML parser otherwise.
  const split = content.startsWith('---')
    ? splitSimpleFrontMatter(content)
    : { frontMatter: null, body: content };
  const fm = split.frontMatter ?? {};
  const inline = [...split.body.matchAll(INLINE_TAG_RE)].map((m) => m[1]!.normalize('NFC'));
  const tags = [...new Set([...stringList(fm.tags ?? fm.tag), ...inline])];
  const headings = [...split.body.matchAll(HEADING_RE)].map((m) => m[1]).join('\n');
  return {
    path,
    title: noteName(path),
    folder: folderOf(path),
    aliases: stringList(fm.aliases ?? fm.alias).join('\n'),
    tags,
    headings,
    lead: stringList(fm.description ?? fm.summary).join('\n') || firstParagraph(split.body),
    body: split.body,
  };
}
