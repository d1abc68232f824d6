/**
 * Runs of similar length inside one embed call. A model computes every padded position, so
 * a batch padded to its longest text wastes work on the shorter ones; texts sorted by token
 * count and cut into runs of near-equal length compute almost no padding.
 */

/** How much longer a run's longest text may be than its shortest (padding under 20%). */
export const MAX_LENGTH_SPREAD = 1.25;
/**
 * Padded tokens per run (texts × longest). Attention holds texts × heads × length² scores
 * per layer: 16 texts of 512 tokens at once would need ~200 MB for one layer's scores, one
 * of them ~12 MB. On one thread a bigger run is not faster (the e5-shaped model embedded as
 * many chunks per CPU second with smaller runs: docs/FACTS.md), and a search question waits for the
 * run in flight, so runs stay small: typical chunks (~130 tokens) go three at a time,
 * one of 512 tokens alone (a larger budget only peaked higher: docs/FACTS.md).
 */
export const TOKENS_PER_RUN = 512;

/**
 * Groups text indices into runs: ascending token count, each run's longest at most
 * `maxSpread` × its shortest and its padded size within `tokensPerRun` (a single text
 * longer than that still runs, alone).
 */
export function lengthBatches(
  lengths: readonly number[],
  maxSpread = MAX_LENGTH_SPREAD,
  tokensPerRun = TOKENS_PER_RUN,
): number[][] {
  const order = lengths
    .map((_, i) => i)
    .sort((a, b) => (lengths[a] as number) - (lengths[b] as number) || a - b);
  const runs: number[][] = [];
  let run: number[] = [];
  let shortest = 0;
  for (const i of order) {
    const len = lengths[i] as number;
    if (run.length > 0 && (len > shortest * maxSpread || (run.length + 1) * len > tokensPerRun)) {
      runs.push(run);
      run = [];
    }
    if (run.length === 0) shortest = len;
    run.push(i);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
