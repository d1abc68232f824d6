/**
 * Accent and case folding for the index and the queries alike, so `boveda`
 * finds `bóveda` and `CORAZON` finds `corazón`. `ñ` folds to `n` too: users on
 * phones often type without it, and no common pair of Spanish words differs
 * only by it in a way that hurts a search (`año`/`ano` is the known casualty).
 */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
