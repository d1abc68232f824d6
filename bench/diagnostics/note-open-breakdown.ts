import { chromium } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { slowTab } from '../cpu-throttle.ts';
import { median, percentile, round2 } from '../results.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { settleBeforeTiming } from '../settle-before-timing.ts';
import {
  collectTrace,
  firstVisit,
  frameName,
  type ProfileNode,
  type TraceEvent,
} from './chromium-trace.ts';

/**
 * What opening a note waits for, step by step, as the day bench opens them (the hash
 * set, from the conversation and from another note): the route's loading state, the
 * note's request (sent, first byte, last byte), the note shown as the bench times it
 * (its path visible and the pane not busy), its body rendered, its related notes, and
 * the long tasks and folder requests inside the window. Parts of one run compare; runs
 * on a loaded machine do not. A diagnostic, not a figure:
 * `npx tsx bench/diagnostics/note-open-breakdown.ts [notes] [opens] [cpu slow-down]` (after
 * `npm run build`; a slow-down of 4 is the day bench's T460 mode, made as the day makes it). With `PROFILE=1` it also
 * prints the functions that took the page's main thread over all the opens (a sampled CPU
 * profile; build with `npx vite build --sourcemap hidden` to see source files, not chunks).
 * With `TRACE=1` it prints what the main thread ran between each open's start and its body
 * shown, summed by kind of task (style, layout, script…); `TRACE=2` adds each open's tasks.
 * Each open is also timed to the frame after its body (`painted`).
 */
const TRACE_CATEGORIES = 'toplevel,devtools.timeline,blink.user_timing,v8.execute,blink,loading';

/**
 * With `TRACE=1`: what the renderer's main thread did between each open's start and its
 * body shown, summed over the opens by the name of each task's direct children (style,
 * layout, paint, script…), wall and thread time, and the time it ran nothing.
 */
function reportTrace(events: TraceEvent[]) {
  const starts = events.filter((e) => e.name === 'open:start');
  const bodies = events.filter((e) => e.name === 'open:body');
  const first = starts[0];
  if (!first) throw new Error('no open:start mark in the trace');
  const onMain = events
    .filter(
      (e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byName = new Map<string, { wall: number; cpu: number; n: number }>();
  let windowsUs = 0;
  let busyUs = 0;
  for (const start of starts) {
    const end = bodies.find((b) => b.ts > start.ts)?.ts;
    if (end === undefined) continue;
    windowsUs += end - start.ts;
    const tasks = onMain.filter(
      (e) =>
        (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') &&
        e.ts < end &&
        e.ts + e.dur! > start.ts,
    );
    const lines: string[] = [];
    for (const task of tasks) {
      busyUs += Math.min(end, task.ts + task.dur!) - Math.max(start.ts, task.ts);
      const kids: string[] = [];
      // Direct children: events inside the task not inside another child.
      let reach = 0;
      for (const e of onMain) {
        if (e.ts < task.ts || e === task || e.ts + e.dur! > task.ts + task.dur!) continue;
        if (e.ts >= task.ts + task.dur!) break;
        if (e.ts < reach) continue;
        reach = e.ts + e.dur!;
        kids.push(`${e.name.replace('WebFrameWidgetImpl::', '')} ${(e.dur! / 1000).toFixed(1)}`);
        const row = byName.get(e.name) ?? { wall: 0, cpu: 0, n: 0 };
        row.wall += e.dur! / 1000;
        row.cpu += (e.tdur ?? 0) / 1000;
        row.n++;
        byName.set(e.name, row);
      }
      lines.push(
        `  +${((task.ts - start.ts) / 1000).toFixed(1)} ${(task.dur! / 1000).toFixed(1)} ms: ${kids.join(', ')}`,
      );
    }
    if (process.env.TRACE === '2')
      console.log(`open → body ${((end - start.ts) / 1000).toFixed(1)} ms\n${lines.join('\n')}`);
  }
  const n = starts.length;
  console.log(
    `trace: ${n} opens, ${Math.round(windowsUs / 1000 / n)} ms each from start to body, main thread in a task ${Math.round(busyUs / 1000 / n)} ms of it`,
  );
  for (const [name, r] of [...byName].sort((a, b) => b[1].wall - a[1].wall).slice(0, 25))
    console.log(
      `${(r.wall / n).toFixed(1).padStart(7)} ms wall ${(r.cpu / n).toFixed(1).padStart(6)} ms cpu  ×${(r.n / n).toFixed(1)}  ${name}`,
    );
}

const count = Number(process.argv[2] ?? 10_000);
const opens = Number(process.argv[3] ?? 12);
const cpuRate = Number(process.argv[4] ?? 1);

/** Opens `path` and records when each part of the note view appeared, in ms from the hash set. */
const openTimed = async (args: { path: string; timeout: number }) => {
  performance.mark('open:start');
  const t0 = performance.now();
  const marks: Record<string, number> = {};
  const tasks: number[] = [];
  const longTasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= t0) tasks.push(e.duration);
  });
  longTasks.observe({ type: 'longtask' });
  location.hash = `#/nota/${args.path.split('/').map(encodeURIComponent).join('/')}`;
  await new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const now = performance.now() - t0;
      const view = document.querySelector('[data-testid="note-view"]');
      if (view && marks.view === undefined) marks.view = now;
      if (view?.getAttribute('aria-busy') === 'true' && marks.loading === undefined)
        marks.loading = now;
      const mine = view?.querySelector('.note-path')?.textContent === args.path;
      if (mine && view?.getAttribute('aria-busy') !== 'true' && marks.shown === undefined)
        marks.shown = now;
      if (mine && view?.querySelector('.markdown') && marks.body === undefined) {
        marks.body = now;
        performance.mark('open:body');
        // Painted: the frame after the body, once its rendering has run (a task after it).
        requestAnimationFrame(() =>
          setTimeout(() => {
            marks.painted = performance.now() - t0;
          }),
        );
      }
      if (mine && document.querySelector('[data-testid="related-notes"]') && !marks.related)
        marks.related = now;
      if (marks.shown !== undefined && marks.body !== undefined && marks.related !== undefined) {
        // The painted mark may come later: the wait below is a frame and 50 ms.
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, args.timeout);
  });
  // A frame after, so the long task that drew the last part has been reported.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  longTasks.disconnect();
  const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((r) => r.startTime >= t0 && r.name.includes('/api/'))
    .map((r) => ({
      url: new URL(r.name).pathname,
      start: r.startTime - t0,
      firstByte: r.responseStart - t0,
      end: r.responseEnd - t0,
    }));
  return { marks, tasks, requests };
};

const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
await settleBeforeTiming();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!);
  // The first sync's copy and index are saved in the background (~1–2 s at 10k).
  await page.waitForTimeout(6000);
  const slowed = cpuRate > 1 ? await slowTab(page, cpuRate) : null;
  if (slowed) console.log(`slowed: ${slowed.how}`);
  const paths = Object.keys(spanishVault(count));
  const shown: number[] = [];
  const body: number[] = [];
  const painted: number[] = [];
  const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp?.send('Profiler.start');
  const fmt = (n: number | undefined) =>
    n === undefined ? '   -' : String(Math.round(n)).padStart(4);
  const runOpens = async () => {
    for (let n = 0; n < opens; n++) {
      // As the day bench: every other note is opened from the conversation.
      if (n % 2 === 0) {
        await page.evaluate(() => {
          location.hash = '#/';
        });
        await page.getByTestId('composer').waitFor();
        await page.waitForTimeout(300);
      }
      const path = paths[(n * 7919) % paths.length]!;
      const r = await page.evaluate(openTimed, { path, timeout: 15_000 });
      const m = r.marks;
      if (m.shown !== undefined) shown.push(m.shown);
      if (m.body !== undefined) body.push(m.body);
      if (m.painted !== undefined) painted.push(m.painted);
      const note = r.requests.find((q) => q.url === '/api/vault/note');
      const others = r.requests
        .filter((q) => q !== note)
        .map((q) => `${q.url.replace('/api/', '')} ${Math.round(q.start)}→${Math.round(q.end)}`);
      const long = r.tasks.length
        ? `${r.tasks.length} long (max ${Math.round(Math.max(...r.tasks))})`
        : '';
      console.log(
        `${n % 2 === 0 ? 'home' : 'note'}→ loading ${fmt(m.loading)} | note req ${fmt(note?.start)} ttfb ${fmt(note?.firstByte)} end ${fmt(note?.end)}` +
          ` | shown ${fmt(m.shown)} body ${fmt(m.body)} painted ${fmt(m.painted)} related ${fmt(m.related)} | ${long} ${others.join(', ')}`,
      );
    }
  };
  if (process.env.TRACE) {
    const tracer = await page.context().newCDPSession(page);
    const events = await collectTrace<TraceEvent>(tracer, TRACE_CATEGORIES, runOpens);
    reportTrace(events);
  } else await runOpens();
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const name = frameName(byId.get(id)!.callFrame);
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const top = [...self]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1]);
    for (const [name, ms] of top.slice(0, 30))
      console.log(`${String(Math.round(ms)).padStart(6)} ms  ${name}`);
  }
  console.log(
    `header shown p50 ${round2(median(shown))} p95 ${round2(percentile(shown, 0.95))} (${shown.length});` +
      ` body shown (the day bench's note open) p50 ${round2(median(body))} p95 ${round2(percentile(body, 0.95))} (${body.length}); painted p50 ${round2(median(painted))} p95 ${round2(percentile(painted, 0.95))} (${painted.length})`,
  );
  await slowed?.release();
} finally {
  await browser.close();
  await soma.stop();
}
