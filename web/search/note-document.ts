import { splitFrontMatter } from '../../common/front-matter.ts';
import { noteName } from '../../common/wikilinks.ts';

/** A note as the index sees it: the fields searched, and those kept to show and filter hits. */
export interface NoteDocument {
  path: string;
  title: string;
  folder: string;
  aliases: string;
  tags: string[];
  headings: string;
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

/** Splits a note into the fields the index weighs differently. */
export function toNoteDocument(path: string, content: string): NoteDocument {
  // Only a note that starts with `---` can have front matter: skip the YAML parser otherwise.
  const split = content.startsWith('---')
    ? splitFrontMatter(content)
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
    body: split.body,
  };
}
