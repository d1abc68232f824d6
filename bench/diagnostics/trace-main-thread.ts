import { chromium } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { INDEX_END_MARK, INDEX_START_MARK } from '../../web/search/worker/search-protocol.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { settleBeforeTiming, settleBrowser } from '../settle-before-timing.ts';
import {
  collectTrace,
  firstVisit,
  type ProfileFrame,
  sourcePosition,
  type TraceEvent as Trace,
} from './chromium-trace.ts';

/**
 * What is inside each long main-thread task of bench/search.ts's first visit (login, first
 * sync, first query): a Chromium trace (task tree) plus a sampled CPU profile (which
 * functions, which source files, and the nearest frame of the app's own code above each
 * sample: which component or store asked for the work). A diagnostic, not a figure:
 * `npx tsx bench/diagnostics/trace-main-thread.ts [notes=10000] [cpuRate=1] [minMs=30]`.
 * Build with `npx vite build --sourcemap hidden` first to see source files, not chunks.
 */

type TraceEvent = Trace<{ name?: string; data?: { url?: string; functionName?: string } }>;
interface ProfileNode {
  id: number;
  callFrame: ProfileFrame & { url: string; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
].join(',');

/** The source file a bundled position came from (the file itself without a source map). */
function sourceOf(url: string, line: number, column: number): string {
  const file = url.split('/').at(-1) ?? '';
  return sourcePosition(url, line, column)?.source ?? (file || '(native)');
}

const ms = (us: number) => Math.round(us / 100) / 10;
function top(counts: Map<string, number>, n: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${ms(v)} ${k}`)
    .join('; ');
}

async function main() {
  const count = Number(process.argv[2] ?? 10_000);
  const rate = Number(process.argv[3] ?? 1);
  const minMs = Number(process.argv[4] ?? 30);
  const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
  await settleBeforeTiming();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await settleBrowser();
    const cdp = await page.context().newCDPSession(page);
    if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    let profile: Profile | null = null;
    const events = await collectTrace<TraceEvent>(cdp, CATEGORIES, async () => {
      await firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!);
      profile = (await cdp.send('Profiler.stop')).profile as unknown as Profile;
    });
    if (!profile) throw new Error('no profile');
    report(events, profile, minMs);
  } finally {
    await browser.close();
    await soma.stop();
  }
}

function report(events: TraceEvent[], profile: Profile, minMs: number) {
  // The page's renderer: the one whose main thread marked the index start (a navigation may
  // have left an earlier renderer in the trace).
  const marked = events.find((e) => e.name === INDEX_START_MARK);
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      (!marked || (e.pid === marked.pid && e.tid === marked.tid)),
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const mark = (name: string) => events.find((e) => e.name === name)?.ts;
  const start = mark(INDEX_START_MARK) ?? 0;
  const end = mark(INDEX_END_MARK) ?? Number.POSITIVE_INFINITY;
  const nested = onMain.filter(
    (e) =>
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      (e.dur ?? 0) >= minMs * 1000,
  );
  // Top-level tasks only (RunTask wraps ThreadControllerImpl::RunTask).
  const tasks: TraceEvent[] = [];
  for (const e of nested.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    const last = tasks.at(-1);
    if (!last || e.ts >= last.ts + last.dur!) tasks.push(e);
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  /** The nearest frame of the app's own code (web/, common/) at or above a sample: who asked for the work. */
  const appCaller = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!f.url) continue;
      const pos = sourcePosition(f.url, f.lineNumber, f.columnNumber);
      if (pos && /^(web|common)\//.test(pos.source))
        return `${pos.name ?? (f.functionName || '(anon)')}@${pos.source}:${pos.line ?? 0}`;
    }
    return '(no app frame)';
  };
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    sampleTimes.push(t);
  }
  const longest = (phase: (t: TraceEvent) => boolean) =>
    `${ms(Math.max(0, ...tasks.filter(phase).map((x) => x.dur!)))} (cpu ${ms(Math.max(0, ...tasks.filter(phase).map((x) => x.tdur ?? 0)))})`;
  console.log(
    `index start→end ${ms(end - start)} ms; ${tasks.length} tasks ≥ ${minMs} ms; longest at boot ` +
      `${longest((x) => x.ts < start)}, while syncing ${longest((x) => x.ts >= start && x.ts <= end)}`,
  );
  if (process.env.SUMMARY_ONLY) {
    // One line: each task's length and its longest inner event (what it mostly was).
    const label = (task: TraceEvent) => {
      const inner = onMain.filter(
        (e) =>
          e.ph === 'X' &&
          e !== task &&
          e.ts >= task.ts &&
          e.ts < task.ts + task.dur! &&
          !/RunTask|mojo|SimpleWatcher|v8\.callFunction|Microtask/.test(e.name),
      );
      const top = inner.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      return `${ms(task.dur!)}/${ms(task.tdur ?? 0)}${task.ts < start ? 'b' : 's'}:${top?.name ?? '?'}`;
    };
    console.log(tasks.map(label).join(' '));
    return;
  }
  for (const task of tasks) {
    const from = task.ts;
    const to = task.ts + (task.dur ?? 0);
    const phase = from < start ? 'boot' : from <= end ? 'sync' : 'after';
    const inside = new Map<string, number>();
    for (const e of onMain) {
      if (e.ph !== 'X' || e.ts < from || e.ts >= to || e === task || !e.dur) continue;
      if (e.dur < 500 || e.name.includes('RunTask')) continue;
      const url = e.args?.data?.url ?? (e.args as { fileName?: string } | undefined)?.fileName;
      const what = url ? `${e.name}(${url.split('/').at(-1)?.slice(0, 40)})` : e.name;
      inside.set(what, (inside.get(what) ?? 0) + e.dur);
    }
    const bySource = new Map<string, number>();
    const byFunction = new Map<string, number>();
    const byCaller = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      const at = sampleTimes[i]!;
      if (at < from || at >= to) continue;
      const dt = profile.timeDeltas[i + 1] ?? 0;
      const f = byId.get(profile.samples[i]!)!.callFrame;
      const src = f.url ? sourceOf(f.url, f.lineNumber, f.columnNumber) : f.functionName;
      bySource.set(src, (bySource.get(src) ?? 0) + dt);
      const fn = `${f.functionName || '(anon)'}@${src}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
      const caller = appCaller(profile.samples[i]!);
      byCaller.set(caller, (byCaller.get(caller) ?? 0) + dt);
    }
    console.log(
      `\n## ${phase} task at ${ms(from - start)} ms from index start: ${ms(task.dur!)} ms`,
    );
    console.log(`  trace (total per event name): ${top(inside, 12)}`);
    console.log(`  self time by source: ${top(bySource, 12)}`);
    console.log(`  self time by function: ${top(byFunction, 10)}`);
    console.log(`  time by nearest app frame: ${top(byCaller, 8)}`);
  }
}

await main();
