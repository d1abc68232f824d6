import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import type { SlowedTab } from './cpu-throttle.ts';
import {
  type CounterReading,
  dayFigures,
  medianOfDays,
  type PhaseSamples,
  stepRate,
} from './day-figures.ts';
import { emptySamples, laptopRound, laptopSearch, openLaptopTab } from './day-laptop.ts';
import {
  launchPhoneBrowser,
  lowerPhoneGroup,
  type PhoneBrowser,
  pairPhone,
  phoneVisit,
  sessionGroups,
} from './day-phone.ts';
import { chatTurn, pause, runDay } from './day-run.ts';
import { type DayServer, startDayServer } from './day-server.ts';
import { pinToCores } from './pin-to-cores.ts';
import { ownTreeMemory, processTreeMemory, withChildrenMemory } from './process-memory.ts';
import type { BenchResult } from './results.ts';
import { spanishVault } from './search-vault.ts';
import { T460 } from './t460.ts';

/**
 * The day group: a day's work on the laptop with everything on at once, timed beside the
 * same things done alone in the same run. One built server over a generated 10k-note vault
 * embeds it in the background with the e5-shaped model at the shipped budget (one core),
 * while the user types questions with suggestions on, searches and opens notes in a laptop
 * tab, a chat answer streams from the fake upstream, a paired phone syncs over the LAN
 * listener, and an editor rewrites a note now and then. The day runs several times in a
 * row, each after the same things done alone (its ratios are to those); each figure is the
 * median of the days' (memory the peak, lost requests the sum).
 */

const NOTES = 10_000;
/** Seconds of the day proper (everything at once). */
const DAY_S = { full: 60, quick: 15 };
/**
 * Days in a row (each timed on its own; a figure is the median of the days'): one day's
 * p95 over 14–38 samples moves 2–3× from one run to the next on the same host.
 */
const DAYS = { full: 5, quick: 1 };
/** Rounds of the laptop's work a day is given, so that each day opens other notes. */
const ROUNDS_PER_DAY = 50;
/*
 * Before each day, the same things alone (embedding paused, then embedding alone): each
 * day's ratios are taken against its own alone phase, so a ratio's noise is that of one
 * pair of phases minutes apart, not of one alone phase shared by every day.
 */
/** Rounds of the user's work on the laptop with nothing else running, before each day. */
const IDLE_ROUNDS = { full: 3, quick: 2 };
/** Searches more, alone: two a round give too few samples for a p95 to compare. */
const IDLE_SEARCHES = { full: 12, quick: 4 };
/** Chat turns (each a direct call and one through SOMA) with nothing else running, before each day. */
const IDLE_TURNS = { full: 12, quick: 10 };
/** Seconds the embedding rate is measured with nothing else running (and at least three batches). */
const EMBED_ALONE_S = { full: 12, quick: 8 };
/** Rounds numbered from here alone, so that the alone phases open other notes than the days. */
const IDLE_FIRST_ROUND = 10_000;
/** How long the model's first batch may take. */
const FIRST_SYNC_TIMEOUT_MS = 180_000;

/** Progress on stdout, so a long run shows where it is. */
const say = (line: string) => process.stdout.write(`day: ${line}\n`);
/** How many samples a phase holds, for the progress line. */
const counts = (s: PhaseSamples) =>
  `${s.suggestMs.length} drafts, ${s.queryMs.length} queries, ${s.noteOpenMs.length} notes, ${s.ttftSoma.length} turns, ${s.dropped.length} dropped`;

/**
 * Embedding with nothing else running: switched on, then timed from its first batch to
 * the last one that ends after `seconds` and three batches (the model loads first).
 */
async function embedAlone(server: DayServer, seconds: number) {
  await server.post('/api/embeddings/enabled', { enabled: true });
  const readings: CounterReading[] = [];
  for (const t = Date.now(); Date.now() - t < FIRST_SYNC_TIMEOUT_MS; await pause(100)) {
    readings.push({ atMs: performance.now(), count: (await server.embedStatus()).counters.chunks });
    const rate = stepRate(readings);
    const batches = readings.filter((r, i) => i > 0 && r.count !== readings[i - 1]!.count).length;
    if (rate && rate.seconds >= seconds && batches > 3) return rate;
  }
  throw new Error('bench day: el servidor no embebe');
}

/** The day group's figures. */
export async function benchDay(opts: { quick: boolean; t460: boolean }): Promise<BenchResult[]> {
  const size = opts.quick ? 'quick' : 'full';
  const notes = spanishVault(NOTES);
  const paths = Object.keys(notes);
  const server = await startDayServer(notes);
  const { soma, lanUrl } = server;
  let browser: Browser | null = null;
  let phoneBrowser: PhoneBrowser | null = null;
  let slowed: SlowedTab | null = null;
  try {
    // Paused while the vault first syncs.
    await server.post('/api/embeddings/enabled', { enabled: false });
    const pinned = opts.t460 ? `; ${pinToCores(soma.pid, T460.serverCores)}` : '';
    browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
    const tab = await openLaptopTab(browser, server, { rate: opts.t460 ? T460.cpuRate : 1 });
    const { page } = tab;
    slowed = tab.slowed;
    const laptopSyncS = tab.syncSeconds;
    say(`laptop synced in ${Math.round(laptopSyncS)} s`);
    phoneBrowser = await launchPhoneBrowser(server.spki);
    const phonePid = phoneBrowser.pid;
    const phone = await pairPhone(phoneBrowser.browser, page, lanUrl);
    const phoneSyncS = (await phoneVisit(phone, lanUrl, 'faro')) / 1000;
    say(`phone paired and synced in ${Math.round(phoneSyncS)} s`);
    lowerPhoneGroup(phonePid);
    const memory = async () => {
      const browserMem = await processTreeMemory(process.pid, 'chromium', [phonePid]);
      return {
        pss: (await withChildrenMemory(soma.pid)).pssMb + browserMem.pssMb,
        processes: browserMem.pids.length,
        phonePss: (await ownTreeMemory(phonePid)).pssMb,
      };
    };

    /** Alone before day `k`: the user's work, then chat turns, with embedding paused; then embedding alone. */
    const alonePhase = async (k: number) => {
      await server.post('/api/embeddings/enabled', { enabled: false });
      const idle = emptySamples();
      const first = IDLE_FIRST_ROUND + k * IDLE_ROUNDS[size];
      for (let r = first; r < first + IDLE_ROUNDS[size]; r++)
        await laptopRound(page, r, paths, idle);
      for (let i = 0; i < IDLE_SEARCHES[size]; i++)
        await laptopSearch(page, 2 * (first + IDLE_ROUNDS[size]) + i, idle);
      for (let i = 0; i < IDLE_TURNS[size]; i++) await chatTurn(server, idle);
      const rss = (await withChildrenMemory(soma.pid)).rssMb;
      const pss = (await memory()).pss;
      say(`alone before day ${k + 1}: ${counts(idle)}`);
      const embed = await embedAlone(server, EMBED_ALONE_S[size]);
      say(`embedding alone: ${embed.chunks} chunks in ${Math.round(embed.seconds)} s`);
      return { idle, rss, pss, embed };
    };
    // A turn first, so that no phase pays for the first connection to the upstream.
    await chatTurn(server, emptySamples());

    const setup =
      `e5-shaped int8 model, kind onnx, batches of ${server.batchSize}, the default CPU budget (${(await server.embedStatus()).budget.cores} core); ` +
      `first syncs before the timing: laptop ${Math.round(laptopSyncS)} s, phone over the LAN ${Math.round(phoneSyncS)} s; ` +
      `the phone in a Chromium of its own under SCHED_IDLE (another device: its page work takes only CPU the laptop leaves idle), ${sessionGroups(soma.pid, phonePid)}` +
      (opts.t460
        ? `; laptop tab's main thread slowed ×${T460.cpuRate} (${slowed?.how}), phone not slowed${pinned}`
        : '');
    const days: BenchResult[][] = [];
    for (let k = 0; k < DAYS[size]; k++) {
      const { idle, rss: idleRss, pss: idlePss, embed: alone } = await alonePhase(k);
      const d = await runDay({
        server,
        page,
        phone,
        notes,
        seconds: DAY_S[size],
        firstRound: k * ROUNDS_PER_DAY,
        memory,
      });
      say(`day ${k + 1} of ${DAYS[size]}: ${counts(d.day)}, ${d.phoneVisitMs.length} phone visits`);
      const first = d.chunkReadings[0]!;
      const last = d.chunkReadings.at(-1)!;
      days.push(
        dayFigures({
          t460: opts.t460,
          notes: NOTES,
          daySeconds: Math.round(d.seconds),
          idle,
          day: d.day,
          embedAlone: alone,
          // Batch to batch when the day saw two batches end, else over the whole day.
          embedDay: stepRate(d.chunkReadings) ?? {
            chunks: last.count - first.count,
            seconds: (last.atMs - first.atMs) / 1000,
          },
          serverRssMb: { idle: idleRss, dayPeak: Math.max(...d.rss), samples: d.rss.length },
          totalPssMb: {
            idle: idlePss,
            dayPeak: d.pss.peak,
            samples: d.pss.samples,
            browserProcesses: d.pss.browserProcesses,
            phonePeak: d.pss.phonePeak,
          },
          phoneVisitMs: d.phoneVisitMs,
          ttftByPhone: d.ttftByPhone,
          editorWrites: d.editorWrites,
          host: d.host,
          setup,
        }),
      );
    }
    return medianOfDays(days);
  } finally {
    await slowed?.release();
    await phoneBrowser?.close();
    await browser?.close();
    await server.stop();
  }
}
