/**
 * Reciprocal rank fusion, the one copy: the search's words-and-vectors ranking and
 * «Buscar con el modelo»'s several queries both fuse ranked lists with it. Ranks,
 * not scores, are fused, so lists whose scores have different scales still agree.
 */

/** One ranked list, best first; `weight` scales its share (1 when absent). */
export interface RankedList {
  keys: readonly string[];
  weight?: number;
}

/** One key of the fused list: its summed score and its 0-based rank in each list (null: absent). */
export interface FusedKey {
  key: string;
  score: number;
  ranks: (number | null)[];
}

/**
 * Each list gives each of its keys weight / (k + rank), rank from 1 (a key listed
 * twice counts once, at its best rank); keys are ordered by the sums. Ties go to the
 * key ranked better in the first list, then the second, and so on.
 */
export function reciprocalRankFusion(lists: readonly RankedList[], k: number): FusedKey[] {
  const byKey = new Map<string, FusedKey>();
  lists.forEach((list, l) => {
    const weight = list.weight ?? 1;
    list.keys.forEach((key, i) => {
      let fused = byKey.get(key);
      if (!fused) {
        fused = { key, score: 0, ranks: lists.map(() => null) };
        byKey.set(key, fused);
      }
      if (fused.ranks[l] !== null) return;
      fused.ranks[l] = i;
      fused.score += weight / (k + i + 1);
    });
  });
  return [...byKey.values()].sort((a, b) => b.score - a.score || byRanks(a.ranks, b.ranks));
}

function byRanks(a: (number | null)[], b: (number | null)[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? Number.MAX_SAFE_INTEGER) - (b[i] ?? Number.MAX_SAFE_INTEGER);
    if (d !== 0) return d;
  }
  return 0;
}
