import { loadavg } from 'node:os';
import type { BrowserContext, Page } from '@playwright/test';
import { stealMeter } from './cpu-steal.ts';
import type { CounterReading, DayRun, PhaseSamples } from './day-figures.ts';
import { emptySamples, laptopRound } from './day-laptop.ts';
import { phoneVisit } from './day-phone.ts';
import type { DayServer } from './day-server.ts';
import { withChildrenMemory } from './process-memory.ts';
import { BENCH_QUERIES } from './search-vault.ts';

/** Pauses between a loop's steps during the day (ms). */
const CHAT_EVERY_MS = 250;
const PHONE_EVERY_MS = 2_000;
const EDIT_EVERY_MS = 3_000;
const RSS_EVERY_MS = 1_000;
const STATUS_EVERY_MS = 250;
const PSS_EVERY_MS = 5_000;
/** How many times its set length a day may last while some kind of step has no sample yet. */
const EXTEND = 4;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const message = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 160);

/** One chat turn into `s`; a failure or time-out is a turn lost. Returns its TTFT through SOMA. */
export async function chatTurn(server: DayServer, s: PhaseSamples): Promise<number | null> {
  try {
    const t = await server.chatTurn();
    s.ttftDirect.push(t.direct);
    s.ttftSoma.push(t.soma);
    return t.soma;
  } catch (err) {
    s.dropped.push(`chat turn: ${message(err)}`);
    return null;
  }
}

/** What the day gathered, beside the samples of the user's work. */
export type DayPhase = Pick<
  DayRun,
  'day' | 'phoneVisitMs' | 'ttftByPhone' | 'editorWrites' | 'host'
> & {
  rss: number[];
  pss: { peak: number; samples: number; browserProcesses: number; phonePeak: number };
  chunkReadings: CounterReading[];
  seconds: number;
};

/**
 * The day proper: for `seconds` (longer while a kind of step has no sample), all at once: the user's rounds in the laptop tab (from
 * `firstRound`), chat turns, phone visits over the LAN, an editor rewriting a note, and
 * the server embedding; memory and the embedded-chunk counter read meanwhile.
 */
export async function runDay(opts: {
  server: DayServer;
  page: Page;
  phone: BrowserContext;
  notes: Record<string, string>;
  seconds: number;
  firstRound: number;
  memory: () => Promise<{ pss: number; processes: number; phonePss: number }>;
}): Promise<DayPhase> {
  const { server, page, phone, notes } = opts;
  const paths = Object.keys(notes);
  const day = emptySamples();
  const out: DayPhase = {
    day,
    phoneVisitMs: [],
    ttftByPhone: { visiting: [], not: [] },
    editorWrites: 0,
    host: { load1Before: loadavg()[0] ?? 0, load1After: 0, stolenPct: null },
    rss: [],
    pss: { peak: 0, samples: 0, browserProcesses: 0, phonePeak: 0 },
    chunkReadings: [],
    seconds: 0,
  };
  let phoneVisiting = false;
  const stolen = stealMeter();
  const t0 = performance.now();
  const until = Date.now() + opts.seconds * 1000;
  // A day too short on a loaded host to time each kind once goes on, up to EXTEND× as long.
  const hardUntil = Date.now() + EXTEND * opts.seconds * 1000;
  const missing = () =>
    [day.suggestMs, day.queryMs, day.noteOpenMs, day.ttftSoma].some((xs) => xs.length === 0);
  const going = () => Date.now() < until || (missing() && Date.now() < hardUntil);
  const every = async (ms: number, step: (i: number) => Promise<void>) => {
    for (let i = 0; going(); i++) {
      await step(i);
      await pause(ms);
    }
  };
  await Promise.all([
    (async () => {
      for (let r = opts.firstRound; going(); r++) {
        await laptopRound(page, r, paths, day, () => !going());
      }
    })(),
    every(CHAT_EVERY_MS, async () => {
      const visiting = phoneVisiting;
      const ttft = await chatTurn(server, day);
      if (ttft !== null) out.ttftByPhone[visiting && phoneVisiting ? 'visiting' : 'not'].push(ttft);
    }),
    every(PHONE_EVERY_MS, async (i) => {
      phoneVisiting = true;
      try {
        const q = BENCH_QUERIES[i % BENCH_QUERIES.length]!;
        out.phoneVisitMs.push(await phoneVisit(phone, server.lanUrl, q));
      } catch (err) {
        day.dropped.push(`phone visit: ${message(err)}`);
      }
      phoneVisiting = false;
    }),
    every(EDIT_EVERY_MS, async (i) => {
      const path = paths[(i * 104_729) % paths.length]!;
      await server.soma.writeNote(path, `${notes[path]}\n\nRevisado hoy, ${i}.\n`);
      out.editorWrites++;
    }),
    every(STATUS_EVERY_MS, async () => {
      const count = (await server.embedStatus()).counters.chunks;
      out.chunkReadings.push({ atMs: performance.now(), count });
    }),
    every(RSS_EVERY_MS, async (i) => {
      out.rss.push((await withChildrenMemory(server.soma.pid)).rssMb);
      if ((i * RSS_EVERY_MS) % PSS_EVERY_MS !== 0) return;
      const mem = await opts.memory();
      out.pss.peak = Math.max(out.pss.peak, mem.pss);
      out.pss.browserProcesses = Math.max(out.pss.browserProcesses, mem.processes);
      out.pss.phonePeak = Math.max(out.pss.phonePeak, mem.phonePss);
      out.pss.samples++;
    }),
  ]);
  out.chunkReadings.push({
    atMs: performance.now(),
    count: (await server.embedStatus()).counters.chunks,
  });
  out.seconds = (performance.now() - t0) / 1000;
  out.host = { ...out.host, load1After: loadavg()[0] ?? 0, stolenPct: stolen() };
  return out;
}
