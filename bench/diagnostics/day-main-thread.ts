import { chromium } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import type { SlowedTab } from '../cpu-throttle.ts';
import { emptySamples, laptopRound, openLaptopTab } from '../day-laptop.ts';
import { launchPhoneBrowser, lowerPhoneGroup, pairPhone, phoneVisit } from '../day-phone.ts';
import { runDay } from '../day-run.ts';
import { startDayServer } from '../day-server.ts';
import { spanishVault } from '../search-vault.ts';
import { T460 } from '../t460.ts';
import {
  collectTrace,
  frameName,
  type ProfiledEvent,
  type ProfileNode,
  sourcePosition,
} from './chromium-trace.ts';

/**
 * What the laptop tab's main thread does during the day bench that it does not do idle: the
 * day's setup (bench/day.ts), one idle round, then the day with the server embedding, traced
 * with a sampled CPU profile. Prints the long tasks of each phase, and for each the app frames
 * (web/, common/) nearest its samples: which code asked for the work. A diagnostic, not a figure:
 * `npx tsx bench/diagnostics/day-main-thread.ts [daySeconds=30] [minMs=50]`; build with
 * `npm run build && npx vite build --sourcemap hidden` first to see source files.
 * It also lists the day's searches other than suggestions and related notes (the search box's
 * and the related panel's mentions), each with when it was sent and its worker time, queue
 * included. `NO_TRACE=1` runs the day without the trace; `NO_EMBED=1` leaves the model paused
 * through the day, to see what the rest of the day does to those times.
 */

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'v8',
].join(',');
const DAY_MARK = 'diagnostic-day-start';

const ms = (us: number) => Math.round(us / 100) / 10;

/**
 * In the page before the app: every query posted to a worker and every result it answers,
 * with the page's clock, so a suggestion's time splits into the worker's own (`ms`, its
 * queue included) and the rest (the message's trip, the page busy before it reads it).
 */
const watchQueries = () => {
  const w = window as unknown as { queryLog: unknown[][] };
  w.queryLog = [];
  const Base = Worker;
  // No inner named functions: tsx would wrap them in a `__name` helper the page lacks.
  (window as unknown as { Worker: unknown }).Worker = class extends Base {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (e: MessageEvent) => {
        const m = e.data as {
          type?: string;
          id?: number;
          ms?: number;
          semantic?: { mode?: string };
        };
        if (m?.type === 'result')
          w.queryLog.push(['r', m.id, performance.now(), m.ms, m.semantic?.mode]);
      });
    }
    override postMessage(m: unknown, options?: StructuredSerializeOptions | Transferable[]) {
      const q = m as {
        type?: string;
        id?: number;
        query?: string;
        localOnly?: boolean;
        like?: string;
      };
      if (q?.type === 'query')
        w.queryLog.push([
          'q',
          q.id,
          performance.now(),
          q.query,
          q.localOnly === true,
          q.like !== undefined,
        ]);
      super.postMessage(m, options as StructuredSerializeOptions);
    }
  };
};

/**
 * The search box's queries sent after `since` (neither suggestions nor related notes): when
 * each was sent (page clock) with its first answer's worker time, its queue included.
 */
const searchBoxAnswers = (log: unknown[][], since: number) => {
  const sent = new Map<number, { at: number; other: boolean; q: string }>();
  const answered: { at: number; ms: number; q: string }[] = [];
  for (const e of log) {
    if (e[0] === 'q')
      sent.set(e[1] as number, {
        at: e[2] as number,
        other: (e[4] || e[5]) as boolean,
        q: e[3] as string,
      });
    else {
      const s = sent.get(e[1] as number);
      sent.delete(e[1] as number);
      if (s && s.at >= since && !s.other) answered.push({ at: s.at, ms: e[3] as number, q: s.q });
    }
  }
  return answered;
};

/** searchBoxAnswers printed, each sent at ms from `since` (the clock of the trace's report). */
const searchTimes = (log: unknown[][], since: number) => {
  const lines = searchBoxAnswers(log, since).map(
    (a) => `${Math.round(a.at - since)}: ${Math.round(a.ms)} ms «${a.q.slice(0, 40)}»`,
  );
  console.log(
    `day queries other than suggestions and related notes, sent at (ms from the day's start): worker ms\n${lines.join('\n')}`,
  );
};

/** Each suggestion query's round trip, worker time and the rest, for queries sent after `since`. */
const queryTimes = (log: unknown[][], since: number, label: string) => {
  const sent = new Map<number, { at: number; q: string; suggest: boolean }>();
  const lines: string[] = [];
  for (const e of log) {
    if (e[0] === 'q')
      sent.set(e[1] as number, { at: e[2] as number, q: e[3] as string, suggest: e[4] as boolean });
    else {
      const s = sent.get(e[1] as number);
      if (!s || s.at < since || !s.suggest) continue;
      sent.delete(e[1] as number);
      const trip = (e[2] as number) - s.at;
      const worker = e[3] as number;
      lines.push(`${Math.round(trip)}=${Math.round(worker)}w+${Math.round(trip - worker)}`);
    }
  }
  console.log(
    `${label} suggestion queries, round trip = worker (queue included) + the rest (ms): ${lines.join(' ')}`,
  );
};

async function main() {
  const seconds = Number(process.argv[2] ?? 30);
  const minMs = Number(process.argv[3] ?? 50);
  const notes = spanishVault(10_000);
  const paths = Object.keys(notes);
  const server = await startDayServer(notes);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  const phoneBrowser = await launchPhoneBrowser(server.spki);
  let slowed: SlowedTab | null = null;
  type DayLog = { log: unknown[][]; dayAt: number };
  let dayLog: DayLog | null = null;
  try {
    await server.post('/api/embeddings/enabled', { enabled: false });
    const tab = await openLaptopTab(browser, server, {
      rate: T460.cpuRate,
      apart: [phoneBrowser.pid],
      initScripts: [watchQueries],
    });
    const { page } = tab;
    slowed = tab.slowed;
    console.log(`slowed: ${slowed?.how}`);
    const phone = await pairPhone(phoneBrowser.browser, page, server.lanUrl);
    await phoneVisit(phone, server.lanUrl, 'faro');
    lowerPhoneGroup(phoneBrowser.pid);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    const trace = process.env.NO_TRACE
      ? async (_c: unknown, _k: string, run: () => Promise<void>) => {
          await run();
          return [] as ProfiledEvent[];
        }
      : collectTrace<ProfiledEvent>;
    const events = await trace(cdp, CATEGORIES, async () => {
      const idle = emptySamples();
      await laptopRound(page, 0, paths, idle);
      console.log(
        `elements after idle: ${await page.evaluate(() => document.querySelectorAll('*').length)}`,
      );
      console.log(
        `idle round: suggest ${idle.suggestMs.map(Math.round)} typing max ${idle.typingMaxTaskMs}`,
      );
      const dayAt = await page.evaluate((m) => performance.mark(m).startTime, DAY_MARK);
      if (!process.env.NO_EMBED) await server.post('/api/embeddings/enabled', { enabled: true });
      const d = await runDay({
        server,
        page,
        phone,
        notes,
        seconds,
        firstRound: 1,
        memory: async () => ({ pss: 0, processes: 0, phonePss: 0 }),
      });
      const log = await page.evaluate(
        () => (window as unknown as { queryLog: unknown[][] }).queryLog,
      );
      queryTimes(
        log.filter((e) => (e[2] as number) < dayAt),
        0,
        'idle',
      );
      queryTimes(log, dayAt, 'day');
      searchTimes(log, dayAt);
      dayLog = { log, dayAt };
      console.log(
        `elements at the end: ${await page.evaluate(() => document.querySelectorAll('*').length)}`,
      );
      console.log(
        `day: suggest ${d.day.suggestMs.map(Math.round)} typing max ${d.day.typingMaxTaskMs}, ${d.editorWrites} writes`,
      );
    });
    if (!process.env.NO_TRACE) {
      report(events, minMs);
      // Set inside the traced run, which the compiler cannot follow.
      const got = dayLog as DayLog | null;
      if (got) queryWindows(events, got.log, got.dayAt);
    }
  } catch (err) {
    console.error(err);
  } finally {
    await slowed?.release();
    await phoneBrowser.close();
    await browser.close();
    await server.stop().catch(() => undefined);
  }
}

/** The search box's slowest day queries, each beside what the page's workers did while it waited. */
const SLOWEST = 8;

/**
 * For the day's slowest search-box queries (neither suggestions nor related notes), what each
 * worker thread did between the query's post and its answer: its tasks (wall and thread ms:
 * a wall far over the thread time is a thread kept off the cores), garbage collections and
 * the app's User Timing measures. Page times map onto the trace's clock through the day mark.
 */
function queryWindows(events: ProfiledEvent[], log: unknown[][], dayAt: number) {
  const marked = events.find((e) => e.name === DAY_MARK);
  if (!marked) return;
  const toTrace = (pageMs: number) => marked.ts + (pageMs - dayAt) * 1000;
  const answered = searchBoxAnswers(log, dayAt);
  const workers = new Map(
    events
      .filter(
        (e) =>
          e.name === 'thread_name' && e.pid === marked.pid && /Worker/.test(e.args?.name ?? ''),
      )
      .map((e) => [e.tid, e.args?.name ?? '']),
  );
  const mss = answered.map((a) => a.ms).sort((a, b) => a - b);
  console.log(
    `\n# day search-box queries: ${mss.length}, worker ms (queue included) ${mss.map((x) => x.toFixed(1)).join(' ')}`,
  );
  for (const a of [...answered].sort((x, y) => y.ms - x.ms).slice(0, SLOWEST)) {
    const from = toTrace(a.at);
    const to = toTrace(a.at + a.ms);
    console.log(`\n## ${ms(from - marked.ts)} ms: ${a.ms.toFixed(1)} ms «${a.q.slice(0, 40)}»`);
    const inWindow = events
      .filter(
        (e) =>
          e.pid === marked.pid &&
          workers.has(e.tid) &&
          e.ts < to &&
          e.ts + (e.dur ?? 0) > from &&
          ((e.ph === 'X' && /RunTask|GC|Scavenge|MarkCompact|Finalize/.test(e.name)) ||
            (e.cat === 'blink.user_timing' && e.ph !== 'e')),
      )
      .sort((x, y) => x.ts - y.ts);
    for (const e of inWindow)
      console.log(
        `   ${workers.get(e.tid)} ${e.tid} ${e.name}${e.ph === 'X' ? '' : ` (${e.ph})`} at ${ms(e.ts - from)} wall ${ms(e.dur ?? 0)} thread ${ms(e.tdur ?? 0)}`,
      );
  }
}

/** A thread's sampled profile from a trace's Profile and ProfileChunk events. */
function profileOf(events: ProfiledEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { at: number; node: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let t = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== profile?.id) continue;
    for (const n of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push({ at: t, node: id });
    });
  }
  return { nodes, samples };
}

function report(events: ProfiledEvent[], minMs: number) {
  const marked = events.find((e) => e.name === DAY_MARK);
  if (!marked) throw new Error('no day mark in the trace');
  const dayStart = marked.ts;
  // The worker's catch-up syncs (each a manifest diff) and index saves, by their User Timing marks.
  const marks = events
    .filter((e) => e.pid === marked.pid && /^soma:/.test(e.name) && e.ph !== 'e')
    .map((e) => `${e.name}@${ms(e.ts - dayStart)}`);
  console.log(`\nsoma marks (ms from the day's start): ${marks.join(' ')}`);
  const workers = events.filter(
    (e) => e.name === 'thread_name' && e.pid === marked.pid && /Worker/.test(e.args?.name ?? ''),
  );
  for (const w of workers) {
    threadReport(events, w.pid, w.tid, dayStart, Math.min(minMs, 30), `worker ${w.tid}`);
  }
  threadReport(events, marked.pid, marked.tid, dayStart, minMs, 'page');
}

function threadReport(
  events: ProfiledEvent[],
  pid: number,
  tid: number,
  dayStart: number,
  minMs: number,
  label: string,
) {
  console.log(`\n\n######## ${label}`);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const { nodes, samples } = profileOf(events, pid, tid);
  const appCaller = (id: number): string => {
    const chain: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
      const f = nodes.get(at)?.callFrame;
      if (!f?.url) continue;
      const pos = sourcePosition(f.url, f.lineNumber, f.columnNumber ?? 0);
      if (pos && /^(web|common)\//.test(pos.source)) {
        chain.push(`${pos.name ?? (f.functionName || '(anon)')}@${pos.source}:${pos.line ?? 0}`);
        if (chain.length === 3) break;
      }
    }
    return chain.length ? chain.join(' < ') : '(no app frame)';
  };
  const tasks = onMain
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        (e.dur ?? 0) >= minMs * 1000,
    )
    .sort((a, b) => a.ts - b.ts)
    .filter((e, i, all) => i === 0 || e.ts >= all[i - 1]!.ts + all[i - 1]!.dur!);
  const busyByCaller = (from: number, to: number) => {
    const by = new Map<string, number>();
    for (let i = 1; i < samples.length; i++) {
      const s = samples[i]!;
      if (s.at < from || s.at >= to) continue;
      const f = nodes.get(s.node)?.callFrame;
      if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
      const k = appCaller(s.node);
      by.set(k, (by.get(k) ?? 0) + (s.at - samples[i - 1]!.at));
    }
    return [...by].sort((a, b) => b[1] - a[1]);
  };
  for (const phase of ['idle', 'day'] as const) {
    const inPhase = tasks.filter((x) => (phase === 'idle') === x.ts < dayStart);
    console.log(`\n# ${phase}: ${inPhase.length} tasks ≥ ${minMs} ms`);
    for (const task of inPhase) {
      const inner = onMain
        .filter(
          (e) =>
            e.ph === 'X' &&
            e.ts >= task.ts &&
            e.ts < task.ts + task.dur! &&
            !/RunTask|ThreadController|mojo|SimpleWatcher/.test(e.name),
        )
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map((e) => `${e.name} ${ms(e.dur ?? 0)}`);
      const layouts = onMain.filter(
        (e) => e.name === 'Layout' && e.ts >= task.ts && e.ts < task.ts + task.dur!,
      );
      const objects = layouts
        .map((e) => {
          const d = (e.args as { beginData?: { dirtyObjects?: number; totalObjects?: number } })
            ?.beginData;
          return `${d?.dirtyObjects ?? '?'}/${d?.totalObjects ?? '?'}`;
        })
        .join(' ');
      const input = onMain.some(
        (e) => e.name === 'EventDispatch' && e.ts >= task.ts && e.ts < task.ts + task.dur!,
      );
      console.log(
        `\n## ${ms(task.ts - dayStart)} ms: ${ms(task.dur!)} ms (thread ${ms(task.tdur ?? 0)})${input ? ' INPUT' : ''} layout objects ${objects} [${inner.join(', ')}]`,
      );
      for (const [k, v] of busyByCaller(task.ts, task.ts + task.dur!).slice(0, 6)) {
        console.log(`   ${ms(v)} ${k}`);
      }
      const leaf = new Map<string, number>();
      for (let i = 1; i < samples.length; i++) {
        const s = samples[i]!;
        if (s.at < task.ts || s.at >= task.ts + task.dur!) continue;
        const f = nodes.get(s.node)?.callFrame;
        if (!f) continue;
        const k = frameName(f);
        leaf.set(k, (leaf.get(k) ?? 0) + (s.at - samples[i - 1]!.at));
      }
      const leaves = [...leaf].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`   leaves: ${leaves.map(([k, v]) => `${ms(v)} ${k}`).join('; ')}`);
    }
  }
  const end = samples.reduce((m, s) => Math.max(m, s.at), 0);
  console.log('\n# main-thread busy time by app caller');
  for (const [phase, from, to] of [
    ['idle', 0, dayStart],
    ['day', dayStart, end],
  ] as const) {
    console.log(`## ${phase} (${ms(to - Math.max(from, samples[0]?.at ?? 0))} ms)`);
    for (const [k, v] of busyByCaller(from, to).slice(0, 15)) console.log(`   ${ms(v)} ${k}`);
  }
}

await main();
