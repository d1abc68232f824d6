import type { VectorHit } from '../vectors/vector-index.ts';

/** The harness's fusion settings (`embeddings.hybrid`, shipped in the embeddings status). */
export interface HybridSettings {
  rrfK: number;
  /** The vector list's weight; the lexical list has 1 − this. */
  vectorWeight: number;
}

/** One note of the fused list: from the lexical list, the vector list, or both. */
export interface FusedHit {
  path: string;
  score: number;
  /** 0-based rank in the lexical list, or null when only its vector found it. */
  lexicalRank: number | null;
  vector: VectorHit | null;
}

/**
 * Reciprocal rank fusion: each list gives a note weight / (k + rank), rank
 * from 1; the sums order the notes. Ranks, not scores, are fused, so BM25's
 * and cosine's scales never need to agree. Ties keep the lexical order.
 */
export function fuseRanks(
  lexical: readonly string[],
  vector: readonly VectorHit[],
  settings: HybridSettings,
): FusedHit[] {
  const { rrfK, vectorWeight } = settings;
  const byPath = new Map<string, FusedHit>();
  lexical.forEach((path, i) => {
    byPath.set(path, {
      path,
      score: (1 - vectorWeight) / (rrfK + i + 1),
      lexicalRank: i,
      vector: null,
    });
  });
  vector.forEach((hit, i) => {
    const add = vectorWeight / (rrfK + i + 1);
    const known = byPath.get(hit.path);
    if (known) {
      known.score += add;
      known.vector = hit;
    } else byPath.set(hit.path, { path: hit.path, score: add, lexicalRank: null, vector: hit });
  });
  const order = (h: FusedHit) => h.lexicalRank ?? Number.MAX_SAFE_INTEGER;
  return [...byPath.values()].sort((a, b) => b.score - a.score || order(a) - order(b));
}
