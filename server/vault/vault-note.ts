import type { Note } from '../../common/api-schemas.ts';
import { type LinkIndex, noteName, parseWikilinks } from '../../common/wikilinks.ts';
import { ApiError } from '../http/api-error.ts';
import type { IndexEntry } from './vault-scan.ts';

const SKIP_MESSAGES: Record<Exclude<IndexEntry['kind'], 'note'>, string> = {
  not_markdown: 'no es un archivo Markdown (.md)',
  too_large: 'es demasiado grande para servirse como nota',
  binary: 'parece un archivo binario',
  not_utf8: 'no está codificado en UTF-8',
};

/** The 415 answer for a file that is listed but not served, with the reason in Spanish. */
export function notANote(rel: string, kind: IndexEntry['kind']): ApiError {
  const why = kind === 'note' ? SKIP_MESSAGES.not_markdown : SKIP_MESSAGES[kind];
  return new ApiError(415, 'not_a_note', `«${rel}» no se puede abrir: ${why}`);
}

/** The API's Note for a file read from disk; a `[[#sección]]` link resolves to the note itself. */
export async function toNote(
  rel: string,
  entry: IndexEntry,
  text: string,
  links: LinkIndex,
): Promise<Note> {
  // Loaded on first use: the YAML parser adds RSS an idle server does not need (docs/FACTS.md).
  const { splitFrontMatter } = await import('../../common/front-matter.ts');
  const split = splitFrontMatter(text);
  return {
    path: rel,
    name: noteName(rel),
    content: text,
    body: split.body,
    frontMatter: split.frontMatter,
    frontMatterError: split.error,
    links: parseWikilinks(text).map((l) => ({
      raw: l.raw,
      target: l.target,
      section: l.section,
      alias: l.alias,
      embed: l.embed,
      resolved: l.target === '' ? rel : links.resolve(l.target),
    })),
    size: entry.size,
    mtime: entry.mtime,
    hash: entry.hash,
  };
}
