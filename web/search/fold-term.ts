/**
 * Accent and case folding for the index and the queries alike, so `boveda`
 * finds `bóveda` and `CORAZON` finds `corazón`. `ñ` folds to `n` too: users on
 * phones often type without it.
 */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** How many characters of context a snippet shows on each side of the match. */
const SNIPPET_SIDE = 60;

/** A short excerpt of `content` around the first of `terms` (folded) it contains. */
export function snippetFor(content: string, terms: readonly string[]): string {
  // Fold character by character to keep positions in the original text.
  const chars = [...content];
  const folded = chars.map((c) => foldTerm(c) || ' ');
  const flat = folded.join('');
  const starts: number[] = [];
  let at = 0;
  for (const f of folded) {
    starts.push(at);
    at += f.length;
  }
  let hit = -1;
  for (const term of terms) {
    hit = flat.indexOf(term);
    if (hit !== -1) break;
  }
  const charAt =
    hit === -1
      ? 0
      : Math.max(
          0,
          starts.findIndex((s) => s >= hit),
        );
  const from = Math.max(0, charAt - SNIPPET_SIDE);
  const to = Math.min(chars.length, charAt + SNIPPET_SIDE * 2);
  const text = chars.slice(from, to).join('').replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${text}${to < chars.length ? '…' : ''}`;
}
