import type { HybridSettings } from '../../common/embedding-schemas.ts';
import { stripFrontMatter } from '../../common/front-matter-block.ts';
import { noteName } from '../../common/wikilinks.ts';
import { copiedNotes } from '../db/vault-copy-repo.ts';
import type { VectorHit, VectorIndex } from '../vectors/vector-index.ts';
import { folderOf, toNoteDocument } from './analysis/note-document.ts';
import { MAX_HITS } from './engine/note-index.ts';
import type { SearchFilters, SearchHit } from './engine/search-types.ts';
import { plainText } from './engine/snippet.ts';
import { fuseRanks } from './hybrid-rank.ts';

/** Notes the vector list brings: as many as the lexical list holds. */
const VECTOR_HITS = MAX_HITS;
/** How long a chunk's snippet is, as the lexical snippets. */
const SNIPPET_LENGTH = 200;

/** A chunk's text as a snippet: its range of the note's body, without Markdown's marks. */
export function chunkSnippet(content: string, hit: Pick<VectorHit, 'start' | 'end'>): string {
  const chunk = stripFrontMatter(content).slice(hit.start, hit.end);
  const text = plainText(chunk).replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
}

function inFilters(path: string, content: string, filters: SearchFilters): boolean {
  const folder = folderOf(path);
  if (filters.folder && folder !== filters.folder && !folder.startsWith(`${filters.folder}/`)) {
    return false;
  }
  if (!filters.tag) return true;
  const tag = filters.tag.normalize('NFC').toLowerCase();
  return toNoteDocument(path, content).tags.some((t) => t.normalize('NFC').toLowerCase() === tag);
}

/**
 * The lexical hits and the notes nearest `query` fused by reciprocal rank.
 * A note only its vector found is a hit too, its snippet its best chunk (none when
 * `bare`: a list that shows no snippets); a vector counts only from the harness's cosine
 * floor (`settings.minSimilarity`).
 */
export async function hybridHits(
  lexical: readonly SearchHit[],
  index: VectorIndex,
  query: Int8Array,
  settings: HybridSettings,
  filters: SearchFilters,
  exclude?: string,
  bare = false,
): Promise<SearchHit[]> {
  const near = index
    .search(query, VECTOR_HITS + (exclude ? 1 : 0), settings.minSimilarity)
    .filter((h) => h.path !== exclude);
  const byPath = new Map(lexical.map((h) => [h.path, h]));
  const only = near.filter((h) => !byPath.has(h.path)).map((h) => h.path);
  const texts = new Map((await copiedNotes(only)).map((n) => [n.path, n.content]));
  // A vector hit for a note the copy lacks (not synced yet) or outside the filters is dropped.
  const vectors = near.filter((h) => {
    if (byPath.has(h.path)) return true;
    const content = texts.get(h.path);
    return content !== undefined && inFilters(h.path, content, filters);
  });
  const fused = fuseRanks(
    lexical.map((h) => h.path),
    vectors,
    settings,
  );
  return fused.slice(0, MAX_HITS).map((f): SearchHit => {
    const known = byPath.get(f.path);
    if (known) return { ...known, score: f.score };
    const content = texts.get(f.path) ?? '';
    return {
      path: f.path,
      title: noteName(f.path),
      folder: folderOf(f.path),
      snippet: bare ? '' : chunkSnippet(content, f.vector!),
      marks: [],
      score: f.score,
    };
  });
}
