import { copiedNotes } from '../../db/vault-copy-repo.ts';
import type { EngineState } from './engine-state.ts';
import type { RankedNote } from './note-index.ts';
import type { SearchHit } from './search-types.ts';
import { snippetBody, snippetOf } from './snippet.ts';
import { SnippetCache } from './snippet-cache.ts';

/** A ranked note's fields that a hit shows beside its snippet. */
export function hitFields(r: RankedNote): Pick<SearchHit, 'path' | 'title' | 'folder' | 'score'> {
  return { path: r.path, title: r.title, folder: r.folder, score: r.score };
}

/**
 * Turns ranked notes into hits with their snippets: a shown hit's snippet is
 * kept by note, matched terms and hash; the others are cut from the notes'
 * text in memory, or read from the copy when not there yet.
 */
export function createHitSnippets(state: EngineState) {
  /** The snippets of recently shown hits (see SnippetCache). */
  const snippets = new SnippetCache();

  /** The snippet bodies of `paths` (those still in the copy), from memory or IndexedDB. */
  const contentsOf = async (paths: readonly string[]): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const p of paths) {
      const body = state.texts.body(p);
      if (body === undefined) missing.push(p);
      else found.set(p, body);
    }
    if (missing.length > 0) {
      await state.texts.asked(async (offer) => {
        for (const n of await copiedNotes(missing)) {
          const body = snippetBody(n.content);
          found.set(n.path, body);
          offer(n.path, body, true);
        }
      });
    }
    return found;
  };

  /** `ranked` as hits; `onRead` once the text they needed is read (a measure's step). */
  return async function hitsOf(ranked: RankedNote[], onRead?: () => void): Promise<SearchHit[]> {
    const { hashes } = state;
    // The version each hit is shown at: a snippet kept for it needs no text.
    const versions = ranked.map((r) => hashes[r.path]);
    const kept = ranked.map((r, i) => snippets.get(r.path, versions[i], r.terms));
    const bodies = await contentsOf(ranked.filter((_, i) => !kept[i]).map((r) => r.path));
    onRead?.();
    return ranked.map((r, i) => {
      let snippet = kept[i];
      if (!snippet) {
        const body = bodies.get(r.path);
        snippet = snippetOf(body ?? '', r.terms);
        const version = versions[i];
        // Kept only when the note did not change while its text was read.
        if (body !== undefined && version !== undefined && state.hashes[r.path] === version)
          snippets.set(r.path, version, r.terms, snippet);
      }
      return { ...hitFields(r), snippet: snippet.text, marks: snippet.marks };
    });
  };
}
