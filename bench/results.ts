import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One figure in bench/results/latest.json, as bench/README.md describes it. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  note?: string;
}

/** The median of the samples (the mean of the middle two for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const s = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The sample at fraction q of the sorted samples (nearest rank; q = 0.95 for p95). */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Rounds to two decimals so the file stays readable. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export async function writeResults(file: string, results: readonly BenchResult[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}
