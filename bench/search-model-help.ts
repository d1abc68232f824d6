import type { Page } from '@playwright/test';
import type { Provider } from '../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { type BenchResult, median, round2 } from './results.ts';

/**
 * search.<vault>.model_help_local_ms: «Buscar con el modelo»'s local work once the
 * model has answered — the user's query and the model's queries searched in the
 * worker, then fused by reciprocal rank fusion — as the page times it (the search-help
 * summary's `data-local-ms`). The model is the fake upstream, so its call is not timed.
 */

/** Queries the fake model answers each time: `maxQueries` of the shipped harness. */
const MODEL_QUERIES = 4;
/** Questions timed per vault (the figure is their median). */
const SAMPLES = 10;

let upstream: Promise<FakeUpstream> | null = null;

/** The keyless chain, at the one fake upstream the search group's servers share. */
export async function modelHelpProviders(): Promise<Provider[]> {
  upstream ??= startFakeUpstream();
  const { url } = await upstream;
  return [
    {
      id: 'local',
      label: 'Local',
      baseUrl: url,
      apiKeyEnv: null,
      models: ['m1'],
      timeoutMs: 5_000,
    },
  ];
}

/** Stops the fake upstream (end of the search group). */
export async function closeModelHelpUpstream(): Promise<void> {
  const running = upstream;
  upstream = null;
  await (await running)?.close();
}

/** Asks the model's help for the first `SAMPLES` of `queries` in the open search view. */
export async function benchModelHelp(
  page: Page,
  label: string,
  queries: readonly string[],
): Promise<BenchResult[]> {
  const fake = await upstream;
  if (!fake) throw new Error('modelHelpProviders() was not used for this server');
  const samples: number[] = [];
  const asked = queries.slice(0, SAMPLES);
  for (const [i, q] of asked.entries()) {
    // The model's queries: the vault's next bench queries, each one more local search.
    const others = Array.from(
      { length: MODEL_QUERIES },
      (_, j) => queries[(i + j + 1) % queries.length],
    );
    fake.setScript({ kind: 'text', chunks: [JSON.stringify({ queries: others })] });
    await page.getByTestId('search-box').fill(q);
    await page.locator(`[data-testid="search-summary"][data-query="${q}"]`).waitFor();
    await page.getByTestId('search-help-button').click();
    const summary = page.getByTestId('search-help-summary');
    await summary.waitFor();
    samples.push(Number(await summary.getAttribute('data-local-ms')));
  }
  return [
    {
      name: `search.${label}.model_help_local_ms`,
      value: round2(median(samples)),
      unit: 'ms',
      note: `«Buscar con el modelo» after the answer: ${1 + MODEL_QUERIES} searches in the worker (words only, snippets included) and their fusion, median of ${samples.length} questions (max ${round2(Math.max(...samples))} ms); the model's one call not included`,
    },
  ];
}
