import { describe, expect, it } from 'vitest';
import { reproduceCommand } from './figure-specs.ts';
import { formatValue, ratio, renderReport } from './report.ts';
import type { BenchResult } from './results.ts';

/** The run facts a results file carries, as run-info.ts writes them. */
const facts = (mode: string, date: string): BenchResult[] => [
  { name: 'run.mode', value: 0, unit: 'text', note: mode },
  { name: 'run.date', value: Date.parse(date), unit: 'ms since 1970', note: date },
  { name: 'run.duration_s', value: 478, unit: 's' },
  { name: 'run.command', value: 0, unit: 'text', note: 'npm run bench' },
  { name: 'machine.cores', value: 2, unit: 'cores', note: 'AMD EPYC' },
  { name: 'machine.ram_mb', value: 24_105, unit: 'MB' },
  { name: 'machine.node', value: 0, unit: 'text', note: 'v20.20.2' },
  { name: 'machine.chromium', value: 0, unit: 'text', note: 'Chromium 156.0.8078.108' },
];

const main: BenchResult[] = [
  {
    name: 'server.idle_rss_mb',
    value: 67.96,
    unit: 'MB',
    baseline: { name: 'bare Hono', value: 56.89 },
  },
  {
    name: 'search.10k.query_p50_ms',
    value: 3.9,
    unit: 'ms',
    baseline: { name: 'grep -ril', value: 80.39 },
    note: '10000 notes',
  },
  {
    name: 'search.10k.query_p95_ms',
    value: 25,
    unit: 'ms',
    baseline: { name: 'grep -ril', value: 80.39 },
  },
  { name: 'extract.1mb_ms', value: 478.72, unit: 'ms', note: 'cold and warm' },
  ...facts('full', '2026-11-30T02:00:00.000Z'),
];

const t460: BenchResult[] = [
  {
    name: 'search.10k.query_p50_ms',
    value: 15.6,
    unit: 'ms',
    baseline: { name: 'grep -ril', value: 90 },
  },
  {
    name: 't460.memory_total_mb',
    value: 700,
    unit: 'MB',
    baseline: { name: 'budget', value: 1024 },
  },
  ...facts('t460', '2026-11-30T03:00:00.000Z'),
  { name: 'run.method', value: 0, unit: 'text', note: 'page CPU ×4' },
];

/** The table row whose first cell names `figure`. */
const row = (md: string, figure: string, from = 0) =>
  md
    .split('\n')
    .slice(from)
    .find((l) => l.startsWith('|') && l.includes(`\`${figure}\``)) ?? '';

describe('renderReport', () => {
  it('opens with the machine and the run that produced the figures', () => {
    const md = renderReport({ main: { file: 'bench/results/latest.json', results: main } });
    const head = md.split('## ')[0]!;
    expect(head).toContain('AMD EPYC, 2 cores');
    expect(head).toContain('23.5 GB');
    expect(head).toContain('v20.20.2');
    expect(head).toContain('Chromium 156.0.8078.108');
    expect(head).toContain('full run of 2026-11-30T02:00:00.000Z, took 7 min 58 s (`npm');
  });

  it('says how much CPU time the host took from the run, when it was measured', () => {
    const stolen = { name: 'run.cpu_stolen_pct', value: 12.4, unit: '%' };
    const md = renderReport({
      main: { file: 'bench/results/latest.json', results: [...main, stolen] },
    });
    expect(md.split('## ')[0]).toContain(
      'took 7 min 58 s, 12.4% of the CPU time taken by the host (`npm run bench`)',
    );
  });

  it('puts each figure beside its baseline, the ratio, the target and whether it is met', () => {
    const md = renderReport({ main: { file: 'latest.json', results: main } });
    const p50 = row(md, 'search.10k.query_p50_ms');
    expect(p50).toContain('| 3.9 ms | grep -ril: 80.39 ms | 0.05× | ≤ 5 ms | yes |');
    expect(p50).toContain('`npm run bench -- --only search`');
    expect(row(md, 'search.10k.query_p95_ms')).toContain('| ≤ 20 ms | **no** |');
  });

  it('lists figures with targets first and leaves run facts out of the table', () => {
    const md = renderReport({ main: { file: 'latest.json', results: main } });
    const names = md
      .split('\n')
      .filter((l) => l.startsWith('| ') && l.includes('`'))
      .map((l) => /`([a-z0-9_.]+)`/.exec(l)?.[1]);
    expect(names).toEqual([
      'search.10k.query_p50_ms',
      'search.10k.query_p95_ms',
      'server.idle_rss_mb',
      'extract.1mb_ms',
    ]);
  });

  it('adds a T460 section with the normal figure beside the T460 one', () => {
    const md = renderReport({
      main: { file: 'latest.json', results: main },
      t460: { file: 't460.json', results: t460 },
    });
    const section = md.indexOf('## T460 mode');
    expect(section).toBeGreaterThan(0);
    expect(md).toContain('How: page CPU ×4.');
    expect(md).toContain('t460 run of 2026-11-30T03:00:00.000Z');
    expect(row(md, 'search.10k.query_p50_ms', md.slice(0, section).split('\n').length)).toContain(
      '| 3.9 ms | 15.6 ms | 4.00× | ≤ 5 ms | **no** | `npm run bench -- --t460` |',
    );
    expect(row(md, 't460.memory_total_mb')).toContain('| — | 700 MB |  | ≤ 1024 MB | yes |');
  });

  it('holds a T460 figure to its looser T460 target, and names the group that measures it', () => {
    const boot = { name: 'search.10k.boot_max_main_task_ms', value: 80, unit: 'ms' };
    const rss = { name: 'server.rss_after_10k_sync_mb', value: 95, unit: 'MB' };
    const md = renderReport({
      main: {
        file: 'latest.json',
        results: [boot, rss, ...facts('full', '2026-11-30T02:00:00.000Z')],
      },
      t460: { file: 't460.json', results: [boot, ...facts('t460', '2026-11-30T03:00:00.000Z')] },
    });
    const section = md.split('\n').findIndex((l) => l.startsWith('## T460 mode'));
    expect(row(md, boot.name)).toContain('| ≤ 50 ms | **no** |');
    expect(row(md, boot.name, section)).toContain('| ≤ 100 ms | yes |');
    expect(row(md, rss.name)).toContain('| ≤ 90 MB | **no** | `npm run bench -- --only search` |');
  });

  it('sends the server RSS after any vault sync to the search group, which measures it', () => {
    for (const vault of ['1k', '10k', '50k', 'tldr_es']) {
      expect(reproduceCommand(`server.rss_after_${vault}_sync_mb`, false)).toBe(
        'npm run bench -- --only search',
      );
    }
    expect(reproduceCommand('server.idle_rss_mb', false)).toBe('npm run bench -- --only server');
    expect(reproduceCommand('server.rss_embedding_mb', false)).toBe(
      'npm run bench -- --only embed',
    );
  });

  it('holds a rate to its floor: at least the target, not at most', () => {
    const rate = (value: number) => ({ name: 'day.embed_rate_ratio', value, unit: 'ratio' });
    const md = (value: number) =>
      renderReport({ main: { file: 'only.json', results: [rate(value)] } });
    expect(row(md(0.9), 'day.embed_rate_ratio')).toContain(
      '| ≥ 0.7 | yes | `npm run bench -- --only day` |',
    );
    expect(row(md(0.5), 'day.embed_rate_ratio')).toContain('| ≥ 0.7 | **no** |');
  });

  it('describes a group the report has words for only when its figures are in the run', () => {
    const onnx: BenchResult = { name: 'embed.onnx_chunks_per_s', value: 20, unit: 'chunks/s' };
    const md = renderReport({ main: { file: 'latest.json', results: [onnx, ...main] } });
    expect(md).toContain('### The onnx group');
    expect(md.indexOf('### The onnx group')).toBeLessThan(md.indexOf('## Notes'));
    expect(renderReport({ main: { file: 'latest.json', results: main } })).not.toContain(
      '### The onnx group',
    );
  });

  it('has no T460 section without a T460 run', () => {
    expect(renderReport({ main: { file: 'latest.json', results: main } })).not.toContain('T460');
  });

  it('escapes pipes so a baseline name cannot break the table', () => {
    const piped = { name: 'x.ms', value: 2, unit: 'ms', baseline: { name: 'a | b', value: 1 } };
    const md = renderReport({ main: { file: 'latest.json', results: [piped] } });
    expect(row(md, 'x.ms')).toContain('| a \\| b: 1 ms | 2.00× |');
  });

  it('needs at least one results file', () => {
    expect(() => renderReport({})).toThrow();
  });
});

describe('ratio', () => {
  it('reads an overhead as SOMA total over the direct figure', () => {
    const r = {
      name: 'chat.ttft_overhead_ms',
      value: 3,
      unit: 'ms',
      baseline: { name: 'direct', value: 1.5 },
    };
    expect(ratio(r)).toBe('3.00×');
  });

  it('is blank without a baseline', () => {
    expect(ratio({ name: 'x', value: 1, unit: 'ms' })).toBe('');
  });
});

describe('formatValue', () => {
  it('writes booleans, scores and units as a reader expects', () => {
    expect(formatValue(1, 'bool')).toBe('yes');
    expect(formatValue(87, 'score')).toBe('87');
    expect(formatValue(100, '%')).toBe('100 %');
    expect(formatValue(3.9, 'ms')).toBe('3.9 ms');
  });
});
