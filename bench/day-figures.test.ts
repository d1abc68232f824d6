import { describe, expect, it } from 'vitest';
import {
  type DayRun,
  dayFigures,
  medianOfDays,
  type PhaseSamples,
  stepRate,
} from './day-figures.ts';

const phase = (scale: number, dropped: string[] = []): PhaseSamples => ({
  suggestMs: Array.from({ length: 20 }, (_, i) => (i + 1) * scale),
  suggestNone: 0,
  typingMaxTaskMs: 10 * scale,
  queryMs: Array.from({ length: 20 }, (_, i) => (i + 1) * scale),
  finalQueryMs: [5 * scale, 6 * scale],
  hybridAnswers: 0,
  noteOpenMs: Array.from({ length: 20 }, (_, i) => i * scale),
  noteRequestMs: [scale],
  notePaintedMs: [2 * scale],
  ttftSoma: [3 * scale, 3 * scale],
  ttftDirect: [1, 1],
  dropped,
});

const run = (over: Partial<DayRun> = {}): DayRun => ({
  t460: false,
  notes: 10_000,
  daySeconds: 60,
  idle: phase(1),
  day: phase(2),
  embedAlone: { chunks: 100, seconds: 10 },
  embedDay: { chunks: 40, seconds: 5 },
  serverRssMb: { idle: 100, dayPeak: 400, samples: 60 },
  totalPssMb: { idle: 500, dayPeak: 900, samples: 12, browserProcesses: 9, phonePeak: 300 },
  phoneVisitMs: [800, 1200],
  ttftByPhone: { visiting: [6], not: [6] },
  editorWrites: 20,
  host: { load1Before: 1.5, load1After: 2.5, stolenPct: 0 },
  setup: 'test',
  ...over,
});

const figure = (r: DayRun, name: string) => dayFigures(r).find((f) => f.name === name);

describe('dayFigures', () => {
  it('gives the p95 of the day beside the p95 alone as its baseline', () => {
    const f = figure(run(), 'day.suggest_p95_ms');
    expect(f?.value).toBe(40);
    expect(f?.baseline?.value).toBe(20);
  });

  it('divides the day p95 of the worker time by the idle p95', () => {
    expect(figure(run(), 'day.query_p95_ratio')?.value).toBe(2);
  });

  it('divides the TTFT overheads, each less the direct call', () => {
    // idle 3 − 1 = 2 ms, day 6 − 1 = 5 ms
    expect(figure(run(), 'day.ttft_overhead_ratio')?.value).toBe(2.5);
  });

  it('counts an overhead under 1 ms as 1 ms so the ratio stays finite', () => {
    const idle = { ...phase(1), ttftSoma: [1, 1] };
    expect(figure(run({ idle }), 'day.ttft_overhead_ratio')?.value).toBe(5);
  });

  it('divides the embedding rate during the day by the rate alone', () => {
    expect(figure(run(), 'day.embed_rate_ratio')?.value).toBe(0.8);
  });

  it('counts what was dropped in both phases and names it', () => {
    const f = figure(
      run({ idle: phase(1, ['nota: timeout']), day: phase(2, ['chat: HTTP 500']) }),
      'day.dropped',
    );
    expect(f?.value).toBe(2);
    expect(f?.note).toContain('idle: nota: timeout');
  });

  it('gives -1 for the fused query when no final answer came in time', () => {
    const day = { ...phase(2), finalQueryMs: [] };
    expect(figure(run({ day }), 'day.hybrid_query_p95_ms')?.value).toBe(-1);
  });

  it('refuses a run where a phase timed nothing', () => {
    expect(() => dayFigures(run({ day: { ...phase(2), noteOpenMs: [] } }))).toThrow(/note opens/);
  });
});

describe('stepRate', () => {
  it('times a stepping counter from its first step to its last', () => {
    const readings = [
      { atMs: 0, count: 0 },
      { atMs: 500, count: 0 },
      { atMs: 1_000, count: 16 },
      { atMs: 2_000, count: 16 },
      { atMs: 3_000, count: 32 },
      { atMs: 5_000, count: 48 },
      { atMs: 5_900, count: 48 },
    ];
    expect(stepRate(readings)).toEqual({ chunks: 32, seconds: 4 });
  });

  it('gives nothing under two steps', () => {
    expect(
      stepRate([
        { atMs: 0, count: 0 },
        { atMs: 900, count: 16 },
      ]),
    ).toBeNull();
  });
});

describe('medianOfDays', () => {
  const days = [3, 1, 2].map((k) =>
    dayFigures(
      run({
        day: { ...phase(k), noteOpenMs: Array.from({ length: 20 }, () => 100 * k) },
        serverRssMb: { idle: 100, dayPeak: 100 * k, samples: 60 },
        ...(k === 3 ? { idle: phase(1, ['x']) } : {}),
      }),
    ),
  );
  const got = (name: string) => medianOfDays(days).find((f) => f.name === name);

  it('gives each timing as the median of the days, every day’s value in its note', () => {
    const open = got('day.note_open_p95_ms');
    expect(open?.value).toBe(200);
    expect(open?.note).toMatch(
      /^median of 3 days \(each: 300, 100, 200\); the median day: .*median 200 ms/,
    );
  });

  it('takes memory at its peak over the days and sums what was lost', () => {
    expect(got('day.server_rss_mb')?.value).toBe(300);
    expect(got('day.dropped')?.value).toBe(1);
    expect(got('day.dropped')?.note).toContain('idle: x');
  });

  it('refuses a day that lacks a figure', () => {
    expect(() => medianOfDays([days[0]!, days[1]!.slice(1)])).toThrow('day.suggest_p95_ms');
  });
});
