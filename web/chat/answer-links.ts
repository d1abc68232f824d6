import type { NoteLink } from '../../common/api-schemas.ts';
import { LinkIndex, parseWikilinks } from '../../common/wikilinks.ts';

/** The answer's `[[links]]`, resolved against the vault so invented notes show as missing. */
export function resolveLinks(markdown: string, paths: readonly string[]): NoteLink[] {
  const index = new LinkIndex(paths);
  return parseWikilinks(markdown).map((l) => ({
    raw: l.raw,
    target: l.target,
    section: l.section,
    alias: l.alias,
    embed: l.embed,
    resolved: l.target === '' ? null : index.resolve(l.target),
  }));
}
