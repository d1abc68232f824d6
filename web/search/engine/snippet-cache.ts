import type { Snippet } from './snippet.ts';

/** How many snippets are kept (a few hundred queries' worth of shown hits; ~300 bytes each). */
const SNIPPET_CACHE_LIMIT = 4_000;

const keyOf = (path: string, terms: readonly string[]) => `${path}\u0000${terms.join('\u0000')}`;

/**
 * The snippets of recently shown hits, by note and matched terms: a query
 * typed again, edited back, or grown by a word that does not change a hit's
 * terms shows the same snippet without reading the note's text (from
 * IndexedDB past the worker's text budget) or cutting it again (finding the
 * first match in a note's text was a large share of a lexical query's time). A
 * snippet counts only for the version of the note (its content hash) it was
 * cut from, so a changed note is cut again; the oldest go first past the limit.
 */
export class SnippetCache {
  private readonly kept = new Map<string, { version: string; snippet: Snippet }>();

  /** The snippet kept for `path` at `version` with `terms`, if any. */
  get(path: string, version: string | undefined, terms: readonly string[]): Snippet | undefined {
    if (version === undefined) return undefined;
    const hit = this.kept.get(keyOf(path, terms));
    return hit?.version === version ? hit.snippet : undefined;
  }

  /** Keeps `snippet`, cut from `path` at `version` for `terms`. */
  set(path: string, version: string, terms: readonly string[], snippet: Snippet): void {
    const key = keyOf(path, terms);
    if (this.kept.has(key)) this.kept.delete(key);
    else if (this.kept.size >= SNIPPET_CACHE_LIMIT) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { version, snippet });
  }
}
