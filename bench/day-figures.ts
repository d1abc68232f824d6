import { type BenchResult, median, percentile, round2 } from './results.ts';

/** What one phase of the day bench timed: alone (idle) or with everything else on. */
export interface PhaseSamples {
  /** Last keystroke → suggestion list in the DOM, less the debounce (ms). */
  suggestMs: number[];
  /** Drafts whose list did not show in time (not dropped: a draft may relate to nothing). */
  suggestNone: number;
  /** Longest main-thread task while a question was typed key by key (ms). */
  typingMaxTaskMs: number;
  /** The search worker's time for the first (words-only) answer (ms, `data-ms`). */
  queryMs: number[];
  /** Query typed → final answer shown, fused with vectors or not (ms). */
  finalQueryMs: number[];
  /** Final answers that came fused with the vectors. */
  hybridAnswers: number;
  /** Hash set → the note readable: its path and rendered body shown (ms). */
  noteOpenMs: number[];
  /** The note's request in those opens, sent → last byte (ms; from the page's resource timing). */
  noteRequestMs: number[];
  /** Hash set → the frame after the note readable has been drawn (ms): what the eye waits for. */
  notePaintedMs: number[];
  /** Time to first token through SOMA and direct to the same fake upstream, in pairs (ms). */
  ttftSoma: number[];
  ttftDirect: number[];
  /** Requests that timed out or failed and turns lost, one line each. */
  dropped: string[];
}

/** Everything the day bench gathered, idle and during the day. */
export interface DayRun {
  /** `true` in the T460 run. */
  t460: boolean;
  notes: number;
  daySeconds: number;
  idle: PhaseSamples;
  day: PhaseSamples;
  /** Chunks embedded a second with nothing else running, and during the day. */
  embedAlone: { chunks: number; seconds: number };
  embedDay: { chunks: number; seconds: number };
  /** Server VmRSS: idle (embedding paused), and the peak sampled during the day. */
  serverRssMb: { idle: number; dayPeak: number; samples: number };
  /**
   * Server + every process of the laptop's Chromium, PSS: idle, and the peak during the day;
   * and the peak of the phone's own Chromium, apart (its memory is the phone's).
   */
  totalPssMb: {
    idle: number;
    dayPeak: number;
    samples: number;
    browserProcesses: number;
    phonePeak: number;
  };
  /** Phone visits over the LAN listener during the day: open → first answer after its sync. */
  phoneVisitMs: number[];
  /** The day's chat turns through SOMA split by whether a phone visit was under way (TTFT, ms). */
  ttftByPhone: { visiting: number[]; not: number[] };
  /** Notes an editor rewrote in the vault during the day. */
  editorWrites: number;
  host: { load1Before: number; load1After: number; stolenPct: number | null };
  /** How the run was set up (CPU budget, pinning, throttling), for every note. */
  setup: string;
}

/** A counter read now and then: when (ms), and its value. */
export interface CounterReading {
  atMs: number;
  count: number;
}

/**
 * How far a counter that moves in steps (embedded chunks: a batch at a time) moved between
 * its first and its last step, and in how long; null under two steps. Timed from step to
 * step, so a window's edges falling inside a batch do not count a part of it.
 */
export function stepRate(
  readings: readonly CounterReading[],
): { chunks: number; seconds: number } | null {
  const steps = readings.filter((r, i) => i > 0 && r.count !== readings[i - 1]!.count);
  if (steps.length < 2) return null;
  const first = steps[0]!;
  const last = steps.at(-1)!;
  return { chunks: last.count - first.count, seconds: (last.atMs - first.atMs) / 1000 };
}

/** A TTFT overhead under this (ms) is counted as this, so a ratio to it stays finite. */
export const MIN_OVERHEAD_MS = 1;

/** Median TTFT through SOMA less median direct (ms). */
function overhead(p: PhaseSamples): number {
  return median(p.ttftSoma) - median(p.ttftDirect);
}

const p95 = (xs: readonly number[]) => percentile(xs, 0.95);

/** The note requests' spread, or that the page timed none. */
const requests = (p: PhaseSamples) =>
  p.noteRequestMs.length ? spread(p.noteRequestMs) : 'none timed';
/** The opens' painted times' spread, or that none was timed. */
const painted = (p: PhaseSamples) =>
  p.notePaintedMs.length ? spread(p.notePaintedMs) : 'none timed';

/** "p95 12.3, median 4.5 ms over 40" for a note. */
function spread(xs: readonly number[]): string {
  return `p95 ${round2(p95(xs))}, median ${round2(median(xs))} ms over ${xs.length}`;
}

/**
 * The `day.*` figures from a day run: each beside the same figure timed with nothing else
 * running (its baseline, or inside the ratio). Pure: the same run gives the same figures.
 */
export function dayFigures(run: DayRun): BenchResult[] {
  const { idle, day } = run;
  for (const [phase, p] of [
    ['idle', idle],
    ['day', day],
  ] as const) {
    for (const [what, xs] of [
      ['suggestions', p.suggestMs],
      ['queries', p.queryMs],
      ['note opens', p.noteOpenMs],
      ['chat turns', p.ttftSoma],
    ] as const) {
      if (xs.length === 0) throw new Error(`bench day: ningún dato de ${what} (${phase})`);
    }
  }
  const host =
    `host: load average ${round2(run.host.load1Before)} → ${round2(run.host.load1After)} over the day` +
    (run.host.stolenPct === null ? '' : `, ${round2(run.host.stolenPct)}% of the CPU stolen`);
  const during = `${run.daySeconds} s day over ${run.notes} notes (${run.setup}); ${host}`;
  if (run.embedAlone.chunks <= 0) throw new Error('bench day: nada embebido a solas');
  const alone = run.embedAlone.chunks / run.embedAlone.seconds;
  const busy = run.embedDay.chunks / run.embedDay.seconds;
  const idleOverhead = overhead(idle);
  const dayOverhead = overhead(day);
  const split = (xs: readonly number[]) =>
    xs.length ? `median ${round2(median(xs))} ms over ${xs.length}` : 'none';
  const byPhone = `; the day's TTFT through SOMA while a phone visit was under way ${split(run.ttftByPhone.visiting)}, otherwise ${split(run.ttftByPhone.not)}`;
  const dropped = [...idle.dropped.map((d) => `idle: ${d}`), ...day.dropped];
  return [
    {
      name: 'day.suggest_p95_ms',
      value: round2(p95(day.suggestMs)),
      unit: 'ms',
      baseline: { name: 'the same, nothing else running, p95', value: round2(p95(idle.suggestMs)) },
      note: `question prefixes word by word in the composer, last keystroke → list less the debounce: day ${spread(day.suggestMs)}${day.suggestNone ? ` (${day.suggestNone} without a list)` : ''}; idle ${spread(idle.suggestMs)}${idle.suggestNone ? ` (${idle.suggestNone} without a list)` : ''}; ${during}`,
    },
    {
      name: 'day.typing_max_main_task_ms',
      value: Math.round(day.typingMaxTaskMs),
      unit: 'ms',
      baseline: { name: 'the same, nothing else running', value: Math.round(idle.typingMaxTaskMs) },
      note: `longest main-thread task while whole questions were typed key by key with suggestions on (0: none over 50 ms); ${during}`,
    },
    {
      name: 'day.query_p95_ratio',
      value: round2(p95(day.queryMs) / p95(idle.queryMs)),
      unit: 'ratio',
      note: `search worker time of the first answer (data-ms), p95 during the day ÷ p95 alone: day ${spread(day.queryMs)}, idle ${spread(idle.queryMs)}; ${during}`,
    },
    {
      name: 'day.hybrid_query_p95_ms',
      value: day.finalQueryMs.length ? round2(p95(day.finalQueryMs)) : -1,
      unit: 'ms',
      baseline: {
        name: 'query typed → final answer alone (embedding paused, so words only), p95',
        value: idle.finalQueryMs.length ? round2(p95(idle.finalQueryMs)) : -1,
      },
      note: `query typed → final answer shown during the day, ${day.hybridAnswers} of ${day.finalQueryMs.length} fused with the vectors (the question embedded by the server's model while it embeds notes): ${day.finalQueryMs.length ? spread(day.finalQueryMs) : 'none in time (-1; see day.dropped)'}; ${during}`,
    },
    {
      name: 'day.ttft_overhead_ratio',
      value: round2(
        Math.max(dayOverhead, MIN_OVERHEAD_MS) / Math.max(idleOverhead, MIN_OVERHEAD_MS),
      ),
      unit: 'ratio',
      note: `chat time to first token through SOMA less a direct call to the same fake upstream (medians), day ÷ alone, each under ${MIN_OVERHEAD_MS} ms counted as ${MIN_OVERHEAD_MS}: day ${round2(dayOverhead)} ms (${round2(median(day.ttftSoma))} vs ${round2(median(day.ttftDirect))}, ${day.ttftSoma.length} pairs), idle ${round2(idleOverhead)} ms (${round2(median(idle.ttftSoma))} vs ${round2(median(idle.ttftDirect))}, ${idle.ttftSoma.length} pairs)${byPhone}; ${during}`,
    },
    {
      name: 'day.note_open_p95_ms',
      value: round2(p95(day.noteOpenMs)),
      unit: 'ms',
      baseline: {
        name: 'the same, nothing else running, p95',
        value: round2(p95(idle.noteOpenMs)),
      },
      note: `#/nota/<path> set → the note readable (its path and rendered body shown): day ${spread(day.noteOpenMs)}; idle ${spread(idle.noteOpenMs)}; of which the note's request, sent → last byte: day ${requests(day)}, idle ${requests(idle)}; to the frame after it drawn (rendering included, plus the wait for a frame): day ${painted(day)}, idle ${painted(idle)}; ${during}`,
    },
    {
      name: 'day.server_rss_mb',
      value: round2(run.serverRssMb.dayPeak),
      unit: 'MB',
      baseline: {
        name: 'server VmRSS idle, embedding paused',
        value: round2(run.serverRssMb.idle),
      },
      note: `peak server VmRSS over ${run.serverRssMb.samples} samples during the day, the model's process included (summed); ${during}`,
    },
    {
      name: 'day.total_pss_mb',
      value: round2(run.totalPssMb.dayPeak),
      unit: 'MB',
      baseline: { name: 'the same, idle', value: round2(run.totalPssMb.idle) },
      note: `peak over ${run.totalPssMb.samples} samples of the server's PSS plus the summed PSS of all ${run.totalPssMb.browserProcesses} processes of the laptop's Chromium, from /proc/<pid>/smaps_rollup; the phone's own Chromium (its memory is on the phone) peaked at ${round2(run.totalPssMb.phonePeak)} MB apart; ${during}`,
    },
    {
      name: 'day.embed_rate_ratio',
      value: round2(busy / alone),
      unit: 'ratio',
      note: `chunks embedded a second during the day ÷ with nothing else running: ${run.embedDay.chunks} chunks in ${round2(run.embedDay.seconds)} s (${round2(busy)}/s) vs ${run.embedAlone.chunks} in ${round2(run.embedAlone.seconds)} s (${round2(alone)}/s); ${during}`,
    },
    {
      name: 'day.phone_visit_ms',
      value: run.phoneVisitMs.length ? round2(median(run.phoneVisitMs)) : -1,
      unit: 'ms',
      note: `a 390×844 phone context paired over the LAN listener (HTTPS) opening SOMA and syncing until its search answers, median of ${run.phoneVisitMs.length} visits (-1: none)${run.phoneVisitMs.length ? `, p95 ${round2(p95(run.phoneVisitMs))} ms` : ''}; an editor rewrote ${run.editorWrites} notes meanwhile; ${during}`,
    },
    {
      name: 'day.dropped',
      value: dropped.length,
      unit: 'count',
      note: dropped.length
        ? `requests that timed out or failed and turns lost: ${dropped.slice(0, 5).join('; ')}${dropped.length > 5 ? `; and ${dropped.length - 5} more` : ''}`
        : 'no request timed out or failed and no turn was lost, idle or during the day',
    },
    {
      name: 'day.host_load_1m',
      value: round2(Math.max(run.host.load1Before, run.host.load1After)),
      unit: 'load',
      note: `one-minute load average of the machine, the larger of the day's start and end (${round2(run.host.load1Before)}, ${round2(run.host.load1After)}): other work on the host shares the cores with the day`,
    },
  ];
}

/** Figures a run of several days sums (lost requests) or takes the peak of (memory, load). */
const ACROSS_DAYS: Record<string, 'sum' | 'max'> = {
  'day.dropped': 'sum',
  'day.server_rss_mb': 'max',
  'day.total_pss_mb': 'max',
  'day.host_load_1m': 'max',
};

/**
 * The figures of several days (each `dayFigures` of one day, same idle phase) as one set:
 * a timing is the median of the days' values (a figure is met only if it holds at the
 * median across samples), with every day's value in its note and the median day's own
 * note after; memory and load are the peak over the days, lost requests their sum.
 */
export function medianOfDays(days: readonly BenchResult[][]): BenchResult[] {
  const first = days[0];
  if (!first) throw new Error('bench day: ningún día');
  return first.map((figure) => {
    const all = days.map((d) => {
      const same = d.find((f) => f.name === figure.name);
      if (!same) throw new Error(`bench day: falta ${figure.name} en un día`);
      return same;
    });
    const values = all.map((f) => f.value);
    const how = ACROSS_DAYS[figure.name];
    const value =
      how === 'sum'
        ? values.reduce((a, b) => a + b, 0)
        : how === 'max'
          ? Math.max(...values)
          : round2(median(values));
    // The day whose value is nearest the figure tells its samples, host and set-up.
    const told = all.reduce((best, f) =>
      Math.abs(f.value - value) < Math.abs(best.value - value) ? f : best,
    );
    const what = how === 'sum' ? 'sum' : how === 'max' ? 'peak' : 'median';
    const listed = `${what} of ${days.length} days (each: ${values.join(', ')})`;
    const note =
      how === 'sum'
        ? `${listed}; ${all
            .filter((f) => f.value > 0)
            .map((f) => f.note)
            .join('; ')}`
        : `${listed}; ${how === 'max' ? 'the peak day' : 'the median day'}: ${told.note ?? ''}`;
    return { ...told, value, note };
  });
}
