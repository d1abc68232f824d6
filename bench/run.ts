import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { benchChat } from './chat.ts';
import { benchConversations } from './conversations.ts';
import { stealMeter } from './cpu-steal.ts';
import { benchDay } from './day.ts';
import { benchEmbed } from './embed.ts';
import { benchOnnx } from './embed-onnx.ts';
import { benchExtract } from './extract.ts';
import { BENCH_GROUPS } from './figure-specs.ts';
import { benchHistory } from './history.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLinks } from './links.ts';
import { type ReportRun, renderReport } from './report.ts';
import { type BenchResult, writeResults } from './results.ts';
import { type RunMode, runInfo } from './run-info.ts';
import { benchSearch } from './search.ts';
import { benchServerStart } from './server-start.ts';
import { benchT460, t460Method } from './t460.ts';
import { benchWarmStart } from './warm-start.ts';
import { benchWebSize } from './web-size.ts';

/**
 * `npm run bench`: every benchmark → bench/results/latest.json and BENCHMARKS.md.
 * `-- --t460`: the T460 approximation → bench/results/t460.json, beside it in BENCHMARKS.md.
 * `-- --quick`: each once, T460 mode on a small vault (CI: the scripts cannot rot)
 *   → bench/results/quick.json, quick-t460.json and quick.md (not committed).
 * `-- --only GROUP[,GROUP]`: some groups → bench/results/only.json and only.md.
 * `-- --only day --t460`: the groups that have a T460 mode of their own, in it
 *   → bench/results/only-t460.json, beside only.json in only.md.
 */
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const t460 = args.includes('--t460');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;
const unknown = only?.filter((g) => !BENCH_GROUPS.includes(g)) ?? [];
if (only && (only.length === 0 || unknown.length > 0)) {
  throw new Error(
    `--only takes some of: ${BENCH_GROUPS.join(', ')} (got ${only.join(',') || 'none'})`,
  );
}
const vaultsAt = args.indexOf('--vaults');
/** `-- --only search --vaults 10k,50k`: some of the search group's vaults (10k, 50k, tldr_es, relevance). */
const vaults = vaultsAt >= 0 ? (args[vaultsAt + 1] ?? '').split(',').filter(Boolean) : undefined;
const runs = quick ? 1 : 7;
const startedAt = new Date();
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;

// Always measure the code as it is now, not a stale build (quick mode trusts npm test's build).
if (!quick || !existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(`SOMA bench on ${cpu}, ${cpus().length} cores (${command})\n`);

const groups: Record<string, () => Promise<BenchResult[]>> = {
  server: async () => [...(await benchServerStart(runs)), ...(await benchWarmStart(runs))],
  web: () => benchWebSize('dist/web'),
  chat: () => benchChat(runs),
  extract: () => benchExtract(runs),
  links: () => benchLinks(),
  history: () => benchHistory(runs),
  conversations: () => benchConversations({ quick }),
  search: () => benchSearch({ quick, ...(vaults ? { only: vaults } : {}) }),
  embed: () => benchEmbed({ quick }),
  onnx: () => benchOnnx({ quick }),
  // Lighthouse takes a minute and a browser profile of its own: full runs only.
  lighthouse: () => benchLighthouse(),
  day: () => benchDay({ quick, t460: false }),
};
/** Groups with a T460 mode of their own, for `--only GROUP --t460`. */
const t460Groups: Record<string, () => Promise<BenchResult[]>> = {
  day: () => benchDay({ quick, t460: true }),
};
if (only && t460 && only.some((g) => !t460Groups[g])) {
  throw new Error(`--only … --t460 takes some of: ${Object.keys(t460Groups).join(', ')}`);
}
const wanted = t460
  ? (only ?? [])
  : (only ?? BENCH_GROUPS.filter((g) => !(quick && g === 'lighthouse')));

const dir = 'bench/results';
const mainFile = only ? `${dir}/only.json` : quick ? `${dir}/quick.json` : `${dir}/latest.json`;
const t460File = only
  ? `${dir}/only-t460.json`
  : quick
    ? `${dir}/quick-t460.json`
    : `${dir}/t460.json`;
const reportFile = only ? `${dir}/only.md` : quick ? `${dir}/quick.md` : 'BENCHMARKS.md';

/** Runs `bench`, stamps the results with the run's facts, writes them and prints them. */
async function measure(
  file: string,
  mode: RunMode,
  bench: () => Promise<BenchResult[]>,
  method?: string,
): Promise<void> {
  const t0 = Date.now();
  const stolen = stealMeter();
  const results = await bench();
  const facts = runInfo({
    mode,
    startedAt,
    durationMs: Date.now() - t0,
    command,
    stolenPct: stolen(),
    ...(method ? { method } : {}),
  });
  await writeResults(file, [...results, ...facts]);
  for (const r of results) {
    const base = r.baseline ? `  (baseline ${r.baseline.name}: ${r.baseline.value})` : '';
    process.stdout.write(`${r.name.padEnd(40)} ${String(r.value).padStart(9)} ${r.unit}${base}\n`);
  }
  process.stdout.write(`→ ${file}\n`);
}

if (wanted.length > 0 && !t460) {
  await measure(mainFile, only ? 'only' : quick ? 'quick' : 'full', async () => {
    const results: BenchResult[] = [];
    for (const g of wanted) results.push(...(await groups[g]!()));
    return results;
  });
}
if (only && t460) {
  await measure(
    t460File,
    quick ? 't460-quick' : 't460',
    async () => {
      const results: BenchResult[] = [];
      for (const g of only) results.push(...(await t460Groups[g]!()));
      return results;
    },
    t460Method(),
  );
} else if ((t460 || quick) && !only) {
  // The day takes minutes: the full T460 run has it, quick mode has it once, in the main run.
  await measure(
    t460File,
    quick ? 't460-quick' : 't460',
    async () => [...(await benchT460({ quick, runs })), ...(quick ? [] : await t460Groups.day!())],
    t460Method(),
  );
}

/** A results file for the report, or nothing when that run has not been made. */
async function load(file: string): Promise<ReportRun | undefined> {
  if (!existsSync(file)) return undefined;
  return { file, results: JSON.parse(await readFile(file, 'utf8')) };
}
const main = await load(mainFile);
const t460Run = only && !t460 ? undefined : await load(t460File);
await writeFile(
  reportFile,
  renderReport({ ...(main ? { main } : {}), ...(t460Run ? { t460: t460Run } : {}) }),
);
process.stdout.write(`→ ${reportFile}\n`);
