/**
 * The parts of a vector search that scan every chunk or note, as functions
 * over VectorIndex's packed arrays (web/vectors/vector-index.ts).
 */

/** An owner value: the slot holds no chunk (its note changed or left). */
export const FREE = -1;

/**
 * Chunks scored exactly per query, chosen by their sign bits: at most a few
 * per cent of a large vault, enough that the true nearest notes are among them.
 */
export const RESCORE_POOL = 1_024;

/** An int8 vector's signs: bit j of the words set when component j is negative. */
export function signsOf(q: Int8Array, words: number): Int32Array {
  const out = new Int32Array(words);
  for (let j = 0; j < q.length; j++) {
    if ((q[j] as number) < 0) out[j >> 5] = (out[j >> 5] as number) | (1 << (j & 31));
  }
  return out;
}

/** Each slot's Hamming distance to the query's signs, and the distance the pool reaches. */
export function nearestBySigns(
  packed: { signs: Int32Array; owner: Int32Array; used: number; words: number },
  qs: Int32Array,
  dimensions: number,
): { distance: Uint16Array; limit: number } {
  const { signs, owner, used, words: w } = packed;
  const distance = new Uint16Array(used);
  const histogram = new Uint32Array(dimensions + 2);
  for (let s = 0, o = 0; s < used; s++, o += w) {
    let c = 0;
    for (let j = 0; j < w; j++) {
      // popcount, inlined: this loop runs for every chunk of the vault.
      let v = (signs[o + j] as number) ^ (qs[j] as number);
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      c += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    distance[s] = c;
    histogram[c] = (histogram[c] as number) + 1;
  }
  return { distance, limit: poolLimit(distance, histogram, owner, used, dimensions) };
}

/**
 * The distance within which RESCORE_POOL live slots lie, given every slot's
 * distance and their histogram (both filled for slots [0, used)); free slots
 * are moved out of reach first (distance dimensions + 1, never scored).
 * `owner` null: no slot is free (after a load or compaction), nothing to move.
 */
export function poolLimit(
  distance: Uint16Array,
  histogram: Uint32Array,
  owner: Int32Array | null,
  used: number,
  dimensions: number,
): number {
  const none = dimensions + 1;
  for (let s = 0; owner && s < used; s++) {
    if (owner[s] !== FREE) continue;
    histogram[distance[s] as number] = (histogram[distance[s] as number] as number) - 1;
    distance[s] = none;
  }
  let limit = 0;
  for (let taken = 0; limit < none; limit++) {
    taken += histogram[limit] as number;
    if (taken >= RESCORE_POOL) break;
  }
  return limit;
}

/**
 * The numbers of the `k` notes with the highest `best` (at least `min`), best
 * first, ties in note order, among `candidates` (in ascending order: the notes
 * a search reached, a few hundred, where a pass over every note cost more
 * than choosing among them).
 */
export function topNotes(
  best: Float32Array,
  candidates: Int32Array,
  k: number,
  min: number,
): number[] {
  // A short sorted list: k is tens, candidates are hundreds.
  const top: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const n = candidates[i] as number;
    const score = best[n] as number;
    if (score < min || score === -2) continue;
    if (top.length === k && score <= (best[top[k - 1]!] as number)) continue;
    let at = top.length;
    while (at > 0 && (best[top[at - 1]!] as number) < score) at--;
    top.splice(at, 0, n);
    if (top.length > k) top.pop();
  }
  return top;
}

/**
 * q · data[o … o+d): the int8 dot product (the whole cost of rescoring),
 * unrolled by eight into two sums so that two chains of additions run side
 * by side (faster than one sum unrolled by four: docs/FACTS.md; integers, so
 * the order of the additions changes nothing).
 */
export function dotInt8(q: Int32Array, data: Int8Array, o: number, d: number): number {
  let a = 0;
  let b = 0;
  let j = 0;
  for (; j + 7 < d; j += 8) {
    a +=
      (q[j] as number) * (data[o + j] as number) +
      (q[j + 1] as number) * (data[o + j + 1] as number) +
      (q[j + 2] as number) * (data[o + j + 2] as number) +
      (q[j + 3] as number) * (data[o + j + 3] as number);
    b +=
      (q[j + 4] as number) * (data[o + j + 4] as number) +
      (q[j + 5] as number) * (data[o + j + 5] as number) +
      (q[j + 6] as number) * (data[o + j + 6] as number) +
      (q[j + 7] as number) * (data[o + j + 7] as number);
  }
  for (; j < d; j++) a += (q[j] as number) * (data[o + j] as number);
  return a + b;
}

/** 1 / ‖q‖ of an int8 vector (0 for a zero vector, which then never matches). */
export function inverseNorm(q: Int8Array): number {
  let sum = 0;
  for (let i = 0; i < q.length; i++) sum += (q[i] as number) * (q[i] as number);
  return sum > 0 ? 1 / Math.sqrt(sum) : 0;
}

/** The mean of `count` unit-scaled chunks from slot `from`, as an int8 query (related notes). */
export function meanVector(
  data: Int8Array,
  invNorms: Float32Array,
  from: number,
  count: number,
  d: number,
): Int8Array {
  const sum = new Float32Array(d);
  for (let s = from; s < from + count; s++) {
    const w = invNorms[s] as number;
    for (let j = 0; j < d; j++) sum[j] = (sum[j] as number) + (data[s * d + j] as number) * w;
  }
  let max = 0;
  for (const x of sum) max = Math.max(max, Math.abs(x));
  const q = new Int8Array(d);
  if (max > 0) for (let j = 0; j < d; j++) q[j] = Math.round(((sum[j] as number) / max) * 127);
  return q;
}
