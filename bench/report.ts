import { FIGURE_SPECS, GROUP_ABOUT, groupOf, reproduceCommand } from './figure-specs.ts';
import type { BenchResult } from './results.ts';
import { type RunInfo, readRunInfo } from './run-info.ts';

/** One results file as the report reads it. */
export interface ReportRun {
  /** Where it was read from, as the report names it (bench/results/latest.json). */
  file: string;
  results: readonly BenchResult[];
}

/** Figures that describe the run rather than SOMA. */
const isRunFact = (r: BenchResult) => r.name.startsWith('run.') || r.name.startsWith('machine.');

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A value with its unit, as a reader expects it. */
export function formatValue(value: number, unit: string): string {
  if (unit === 'bool') return value ? 'yes' : 'no';
  if (unit === 'ratio' || unit === 'score') return String(value);
  if (unit === '%') return `${value} %`;
  return `${value} ${unit}`;
}

/** value ÷ baseline (an overhead: SOMA's total ÷ the direct figure), or '' without a baseline. */
export function ratio(r: BenchResult): string {
  if (!r.baseline || r.baseline.value === 0) return '';
  const spec = FIGURE_SPECS[r.name];
  const top = spec?.ratio === 'overhead' ? r.value + r.baseline.value : r.value;
  return `${(top / r.baseline.value).toFixed(2)}×`;
}

/** "≤ 5 ms" (or "≥ 0.7") and whether the figure meets it ("yes", "**no**"), or blanks without a target. */
function target(r: BenchResult, t460 = false): { target: string; met: string } {
  const spec = FIGURE_SPECS[r.name];
  const max = (t460 ? spec?.t460Max : undefined) ?? spec?.max;
  const met = (ok: boolean) => (ok ? 'yes' : '**no**');
  if (max !== undefined)
    return { target: `≤ ${formatValue(max, r.unit)}`, met: met(r.value <= max) };
  if (spec?.min !== undefined) {
    return { target: `≥ ${formatValue(spec.min, r.unit)}`, met: met(r.value >= spec.min) };
  }
  return { target: '', met: '' };
}

/** SOMA's figures: those with a spec first, in the spec's order, then the rest as they came. */
function ordered(results: readonly BenchResult[]): BenchResult[] {
  const figures = results.filter((r) => !isRunFact(r));
  const order = Object.keys(FIGURE_SPECS);
  const rank = (r: BenchResult) => {
    const i = order.indexOf(r.name);
    return i < 0 ? order.length : i;
  };
  return figures
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
}

const label = (r: BenchResult) => {
  const spec = FIGURE_SPECS[r.name];
  return spec ? `${spec.label} (\`${r.name}\`)` : `\`${r.name}\``;
};

/** "2026-11-30T10:00:00.000Z, full run, 7 min 58 s, `npm run bench`" */
function describeRun(file: string, info: RunInfo): string {
  const took = `${Math.floor(info.durationS / 60)} min ${info.durationS % 60} s`;
  const stolen =
    info.stolenPct === null ? '' : `, ${info.stolenPct}% of the CPU time taken by the host`;
  return `\`${file}\`: ${info.mode} run of ${info.date}, took ${took}${stolen} (\`${info.command}\`)`;
}

function mainTable(run: ReportRun): string[] {
  const lines = [
    '| figure | SOMA | baseline (same run) | ratio | target | met | reproduce |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of ordered(run.results)) {
    const t = target(r);
    const base = r.baseline ? `${r.baseline.name}: ${formatValue(r.baseline.value, r.unit)}` : '';
    lines.push(
      `| ${label(r)} | ${formatValue(r.value, r.unit)} | ${cell(base)} | ${ratio(r)} | ${t.target} | ${t.met} | \`${reproduceCommand(r.name, false)}\` |`,
    );
  }
  return lines;
}

function t460Table(t460: ReportRun, main: ReportRun | undefined): string[] {
  const lines = [
    '| figure | normal run | T460 mode | T460 ÷ normal | target | met in T460 mode | reproduce |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of ordered(t460.results)) {
    const normal = main?.results.find((m) => m.name === r.name);
    const slowdown = normal && normal.value !== 0 ? `${(r.value / normal.value).toFixed(2)}×` : '';
    const t = target(r, true);
    lines.push(
      `| ${label(r)} | ${normal ? formatValue(normal.value, normal.unit) : '—'} | ${formatValue(r.value, r.unit)} | ${slowdown} | ${t.target} | ${t.met} | \`${reproduceCommand(r.name, true)}\` |`,
    );
  }
  return lines;
}

/** A paragraph for each group of the run that GROUP_ABOUT describes, in run order. */
function aboutGroups(run: ReportRun): string[] {
  const groups = new Set(ordered(run.results).map((r) => groupOf(r.name)));
  return Object.entries(GROUP_ABOUT)
    .filter(([g]) => groups.has(g))
    .flatMap(([g, text]) => [`### The ${g} group`, '', text, '']);
}

function notes(run: ReportRun): string[] {
  return ordered(run.results)
    .filter((r) => r.note)
    .map((r) => `- \`${r.name}\`: ${r.note}`);
}

/**
 * BENCHMARKS.md from the results files of one run (and of the T460 run, when
 * there is one): machine, then every figure beside its baseline from the same
 * run, the ratio, the target and whether it is met, and the command that
 * measures it again. Pure: the same results give the same text.
 */
export function renderReport(runs: { main?: ReportRun; t460?: ReportRun }): string {
  const { main, t460 } = runs;
  const first = main ?? t460;
  if (!first) throw new Error('renderReport needs at least one results file');
  const info = readRunInfo(first.results);
  const out = [
    '# SOMA benchmarks',
    '',
    `Generated by \`npm run bench\` from ${[main, t460]
      .filter((r) => r)
      .map((r) => `\`${r!.file}\``)
      .join(' and ')}; do not edit by hand.`,
    '',
    `- CPU: ${info.cpu}, ${info.cores} cores`,
    `- RAM: ${(info.ramMb / 1024).toFixed(1)} GB`,
    `- Node ${info.node}; ${info.chromium}`,
    ...[main, t460]
      .filter((r) => r)
      .map((r) => `- ${describeRun(r!.file, readRunInfo(r!.results))}`),
    '',
    'Medians unless the name says otherwise. Each baseline is measured by the same script in the same run:',
    '`grep -ril WORD` / `rg -il WORD` per query over the same vault folder for search, a direct request',
    'to the same fake upstream for time to first token, a bare Hono server started the same way for',
    'start time and idle memory. The machine may be shared with other work, so timings are noisy.',
    '',
  ];
  if (main) {
    out.push(`## Figures (${readRunInfo(main.results).mode} run)`, '', ...mainTable(main), '');
    out.push(...aboutGroups(main));
  }
  if (t460) {
    const how = readRunInfo(t460.results).method;
    out.push(
      '## T460 mode',
      '',
      `Approximates a ThinkPad T460 (i5-6200U, 2 cores / 4 threads, 8 GB, no GPU).`,
    );
    if (how) out.push(`How: ${how}.`);
    out.push('', ...t460Table(t460, main), '');
  }
  out.push('## Notes', '');
  if (main) out.push(...notes(main), '');
  if (t460) out.push('T460 mode:', '', ...notes(t460), '');
  return `${out.join('\n').trimEnd()}\n`;
}
