import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchChat } from './chat.ts';
import { benchExtract } from './extract.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLinks } from './links.ts';
import { type BenchResult, writeResults } from './results.ts';
import { benchSearch } from './search.ts';
import { benchServerStart } from './server-start.ts';
import { benchWebSize } from './web-size.ts';

/**
 * `npm run bench`: every benchmark, written to bench/results/latest.json.
 * `--quick` runs each once (CI uses it so the scripts cannot rot).
 */
const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 7;

// Always measure the code as it is now, not a stale build (quick mode trusts npm test's build).
if (!quick || !existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(`SOMA bench on ${cpu}, ${cpus().length} cores${quick ? ' (quick)' : ''}\n`);

const results: BenchResult[] = [
  ...(await benchServerStart(runs)),
  ...(await benchWebSize('dist/web')),
  ...(await benchChat(runs)),
  ...(await benchExtract(runs)),
  ...(await benchLinks()),
  ...(await benchSearch({ quick })),
  // Lighthouse takes a minute and a browser profile of its own: full runs only.
  ...(quick ? [] : await benchLighthouse()),
];
const out = quick ? 'bench/results/quick.json' : 'bench/results/latest.json';
await writeResults(out, results);
for (const r of results) {
  const base = r.baseline ? `  (baseline ${r.baseline.name}: ${r.baseline.value})` : '';
  process.stdout.write(`${r.name.padEnd(40)} ${String(r.value).padStart(9)} ${r.unit}${base}\n`);
}
process.stdout.write(`→ ${out}\n`);
