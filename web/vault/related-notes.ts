import { noteKey, noteName, parseWikilinks } from '../../common/wikilinks.ts';
import { draftQuery } from '../search/analysis/draft-query.ts';
import type { NoteDocument } from '../search/analysis/note-document.ts';

/** Why a note is offered beside another: it links there, it links here, or its words are alike. */
export type RelatedReason = 'linksTo' | 'linkedFrom' | 'similar';

export interface RelatedNote {
  path: string;
  reason: RelatedReason;
}

/** How many related notes the note view lists. */
export const MAX_RELATED = 8;

/**
 * The worker query for notes about the same thing: the title, tags and
 * headings (repeated, so they outweigh the body), then the body's top terms,
 * capped as a draft's query is.
 */
export function relatedQuery(doc: Pick<NoteDocument, 'title' | 'tags' | 'headings' | 'body'>) {
  const tags = doc.tags.join(' ');
  const heads = [doc.title, doc.title, doc.title, tags, tags, doc.headings, doc.headings];
  return draftQuery([...heads, doc.body].join('\n'));
}

/** True when `content` has a `[[link]]` to a note named `name` (by name, as Obsidian resolves). */
export function linksToName(content: string, name: string): boolean {
  const key = noteKey(name);
  return parseWikilinks(content).some(
    (l) => l.target !== '' && noteKey(noteName(l.target)) === key,
  );
}

/**
 * The related notes in the order shown: notes this one links to, notes that
 * link here, then similar ones; each once, never the note itself.
 */
export function mergeRelated(
  self: string,
  groups: Record<RelatedReason, readonly string[]>,
  limit = MAX_RELATED,
): RelatedNote[] {
  const out: RelatedNote[] = [];
  const seen = new Set([self]);
  for (const reason of ['linksTo', 'linkedFrom', 'similar'] as const) {
    for (const path of groups[reason]) {
      if (seen.has(path)) continue;
      seen.add(path);
      out.push({ path, reason });
    }
  }
  return out.slice(0, limit);
}
