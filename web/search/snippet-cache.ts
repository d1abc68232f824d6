import { type Snippet, snippetOf } from './snippet.ts';

/** How many snippets are kept (a few hundred queries' worth of shown hits; ~300 bytes each). */
const SNIPPET_CACHE_LIMIT = 4_000;

/**
 * The snippets of recently shown hits, by note and matched terms: a query
 * typed again, edited back, or grown by a word that does not change a hit's
 * terms shows the same snippet, and cutting one was about half of a
 * lexical query's time (finding the first match in ~2 KB of text). A kept
 * snippet counts only for the very body it was cut from, so a changed note
 * is cut again; the oldest go first past the limit.
 */
export class SnippetCache {
  private readonly kept = new Map<string, { body: string; snippet: Snippet }>();

  /** `snippetOf(body, terms)`, remembered for `path`. */
  of(path: string, body: string, terms: readonly string[]): Snippet {
    const key = `${path}\u0000${terms.join('\u0000')}`;
    const hit = this.kept.get(key);
    if (hit !== undefined && hit.body === body) return hit.snippet;
    const snippet = snippetOf(body, terms);
    if (hit !== undefined) this.kept.delete(key);
    else if (this.kept.size >= SNIPPET_CACHE_LIMIT) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { body, snippet });
    return snippet;
  }
}
