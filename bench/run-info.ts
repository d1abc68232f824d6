import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { CHROMIUM } from '../playwright.config.ts';
import type { BenchResult } from './results.ts';

/** Which kind of run wrote a results file. */
export type RunMode = 'full' | 'quick' | 't460' | 't460-quick' | 'only';

/** What a report says about the run behind a results file. */
export interface RunInfo {
  mode: string;
  date: string;
  durationS: number;
  cpu: string;
  cores: number;
  ramMb: number;
  node: string;
  chromium: string;
  command: string;
  method?: string;
  /** Per cent of the machine's CPU time the host gave to others during the run (null: unknown). */
  stolenPct: number | null;
}

/** Chromium's version line, or why it is unknown. */
function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `unknown (${CHROMIUM} did not answer --version)`;
  }
}

/**
 * The run's facts as `run.*` figures, so a results file carries its machine
 * and date and a report rendered from it needs nothing else: the value is
 * the number, the note the text.
 */
export function runInfo(opts: {
  mode: RunMode;
  startedAt: Date;
  durationMs: number;
  command: string;
  method?: string;
  /** stealMeter's share for the run (bench/cpu-steal.ts). */
  stolenPct: number | null;
}): BenchResult[] {
  return [
    { name: 'run.mode', value: 0, unit: 'text', note: opts.mode },
    {
      name: 'run.date',
      value: opts.startedAt.getTime(),
      unit: 'ms since 1970',
      note: opts.startedAt.toISOString(),
    },
    { name: 'run.duration_s', value: Math.round(opts.durationMs / 1000), unit: 's' },
    { name: 'run.command', value: 0, unit: 'text', note: opts.command },
    ...(opts.stolenPct === null
      ? []
      : [
          {
            name: 'run.cpu_stolen_pct',
            value: Math.round(opts.stolenPct * 10) / 10,
            unit: '%',
            note: "share of the machine's CPU time the host gave to other guests during the run (/proc/stat steal)",
          },
        ]),
    {
      name: 'machine.cores',
      value: cpus().length,
      unit: 'cores',
      note: cpus()[0]?.model ?? 'unknown CPU',
    },
    { name: 'machine.ram_mb', value: Math.round(totalmem() / 1024 / 1024), unit: 'MB' },
    { name: 'machine.node', value: 0, unit: 'text', note: process.version },
    { name: 'machine.chromium', value: 0, unit: 'text', note: chromiumVersion() },
    ...(opts.method ? [{ name: 'run.method', value: 0, unit: 'text', note: opts.method }] : []),
  ];
}

/** The facts `runInfo` wrote, read back from a results file (blanks where absent). */
export function readRunInfo(results: readonly BenchResult[]): RunInfo {
  const get = (name: string) => results.find((r) => r.name === name);
  const text = (name: string) => get(name)?.note ?? 'unknown';
  return {
    mode: text('run.mode'),
    date: text('run.date'),
    durationS: get('run.duration_s')?.value ?? 0,
    cpu: text('machine.cores'),
    cores: get('machine.cores')?.value ?? 0,
    ramMb: get('machine.ram_mb')?.value ?? 0,
    node: text('machine.node'),
    chromium: text('machine.chromium'),
    command: text('run.command'),
    stolenPct: get('run.cpu_stolen_pct')?.value ?? null,
    ...(get('run.method') ? { method: text('run.method') } : {}),
  };
}
