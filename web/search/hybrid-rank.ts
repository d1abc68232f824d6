import { reciprocalRankFusion } from '../../common/rank-fusion.ts';
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
 * Reciprocal rank fusion of the lexical and vector lists (the lexical list weighs
 * 1 − vectorWeight), so BM25's and cosine's scales never need to agree. Ties keep
 * the lexical order.
 */
export function fuseRanks(
  lexical: readonly string[],
  vector: readonly VectorHit[],
  settings: HybridSettings,
): FusedHit[] {
  const { rrfK, vectorWeight } = settings;
  const hits = new Map(vector.map((hit) => [hit.path, hit]));
  const lists = [
    { keys: lexical, weight: 1 - vectorWeight },
    { keys: vector.map((hit) => hit.path), weight: vectorWeight },
  ];
  return reciprocalRankFusion(lists, rrfK).map((f) => ({
    path: f.key,
    score: f.score,
    lexicalRank: f.ranks[0] ?? null,
    vector: hits.get(f.key) ?? null,
  }));
}
