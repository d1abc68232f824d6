import { words } from '../../../common/spanish/spanish-analyzer.ts';

/**
 * Questions that exercise every part of a search, made from a few notes' titles:
 * each title as typed (several words, snippets), its longest word with a letter
 * dropped (no note has it: the typo walk of the term tree) and that word's first
 * four letters typed (prefix completions). Nobody reads their answers: they let
 * V8 compile the query code before the user's first questions come (a fresh
 * worker's first round took several times the next one's, bench/diagnostics/search-cold-page.ts).
 */
export function warmUpQuestions(titles: readonly string[]): { query: string; typing: boolean }[] {
  const out: { query: string; typing: boolean }[] = [];
  for (const title of titles) {
    const longest = words(title.toLowerCase()).reduce((a, b) => (b.length > a.length ? b : a), '');
    out.push({ query: title, typing: false });
    if (longest.length < 5) continue;
    const middle = longest.length >> 1;
    out.push({ query: longest.slice(0, middle) + longest.slice(middle + 1), typing: false });
    out.push({ query: longest.slice(0, 4), typing: true });
  }
  return out;
}
