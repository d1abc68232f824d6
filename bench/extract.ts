import { extractRoutes } from '../server/extract/extract-routes.ts';
import { HarnessStore } from '../server/harness/harness-store.ts';
import { startFixtureServer } from '../testing/server/fixture-server.ts';
import { type BenchResult, median, round2 } from './results.ts';

/** Size of the generated Spanish page, in bytes of HTML. */
const PAGE_BYTES = 1024 * 1024;

const rssMb = () => process.memoryUsage.rss() / (1024 * 1024);

/**
 * extract.1mb_ms: POST /api/extract of a generated ~1 MB Spanish page served
 * locally (download, charset, Readability, turndown, cut), median of warm
 * runs; extract.1mb_rss_delta_mb: how much the process's RSS grew over the
 * first extraction, which also loads the lazily imported parsers. In process,
 * through the route as the server mounts it.
 */
export async function benchExtract(runs: number): Promise<BenchResult[]> {
  const site = await startFixtureServer();
  const harness = await HarnessStore.open('harness/soma.json');
  // The fixture server is on loopback, which only this switch lets through.
  const app = extractRoutes({ harness, allowPrivate: () => true });
  const url = `${site.url}/enorme?bytes=${PAGE_BYTES}`;
  const extract = async () => {
    const res = await app.request('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    return (await res.json()) as { chars: number; cutChars: number };
  };
  try {
    globalThis.gc?.();
    const before = rssMb();
    const t0 = performance.now();
    const first = await extract();
    const coldMs = performance.now() - t0;
    const after = rssMb();
    const times: number[] = [];
    for (let i = 0; i < Math.max(runs, 3); i++) {
      const t = performance.now();
      await extract();
      times.push(performance.now() - t);
    }
    const settled = rssMb();
    return [
      {
        name: 'extract.1mb_ms',
        value: round2(median(times)),
        unit: 'ms',
        note: `median of ${times.length} warm extractions of a ${PAGE_BYTES} B page (${first.chars + first.cutChars} chars of Markdown before the cut); first, cold extraction ${round2(coldMs)} ms`,
      },
      {
        name: 'extract.1mb_rss_delta_mb',
        value: round2(after - before),
        unit: 'MB',
        note: `process RSS ${round2(before)} → ${round2(after)} MB over the first extraction (parsers loaded lazily); ${round2(settled)} MB after ${times.length} more`,
      },
    ];
  } finally {
    harness.close();
    await site.close();
  }
}
