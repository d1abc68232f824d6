import { chromium, type Page } from '@playwright/test';
import { startSoma } from '../../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../../playwright.config.ts';
import { throttleCpu } from '../cpu-throttle.ts';
import { workerMs } from '../page-shown.ts';
import { BENCH_QUERIES, spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';
import { settleBeforeTiming } from '../settle-before-timing.ts';
import {
  collectTrace,
  firstVisit,
  frameName,
  type ProfiledEvent,
  type ProfileNode,
} from './chromium-trace.ts';

/**
 * What the search worker does while the first questions after a reload wait: the
 * T460 figures' first round (bench/search.ts: five reloads, then every query once).
 * Traces the last reload and that round with V8's sampling profiler on, and prints
 * each slow question (worker `data-ms`) beside the worker's long tasks and the
 * functions sampled in them. A diagnostic, not a figure:
 * `npx vite build --sourcemap hidden && npx tsx bench/diagnostics/trace-after-reload.ts [notes=10000] [reloads=5] [slow ms=10]`
 * (THROTTLE=4: the page slowed 4× until the questions, as the T460 run does; bench/t460.ts).
 */

const count = Number(process.argv[2] ?? 10_000);
const reloads = Number(process.argv[3] ?? 5);
const slowMs = Number(process.argv[4] ?? 10);
const CATEGORIES =
  'toplevel,devtools.timeline,v8,v8.execute,blink.user_timing,disabled-by-default-v8.cpu_profiler,__metadata';

const ASK_MARK = 'soma-bench-ask:';

/** Marks the page's clock (a user-timing mark the trace shows), then asks `q`: the worker's time for it. */
async function query(page: Page, q: string): Promise<number> {
  await page.evaluate((name) => performance.mark(name), ASK_MARK + q);
  return workerMs(page, q);
}

const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
await settleBeforeTiming();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
try {
  const page = await browser.newPage();
  const throttle = Number(process.env.THROTTLE ?? 1);
  if (throttle > 1) await throttleCpu(page, throttle);
  await firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!);
  await page.waitForTimeout(6000);
  for (let i = 1; i < reloads; i++) {
    await page.reload();
    await page.locator('[data-testid="search-summary"]').waitFor({ timeout: 20_000 });
  }
  const cdp = await page.context().newCDPSession(page);
  const asked: { q: string; ms: number }[] = [];
  const events = await collectTrace<ProfiledEvent>(cdp, CATEGORIES, async () => {
    await page.reload();
    await page
      .locator(`[data-testid="search-summary"][data-query="${BENCH_QUERIES[0]}"]`)
      .waitFor({ timeout: 20_000 });
    if (throttle > 1) await throttleCpu(page, 1);
    await page.getByTestId('search-box').fill('');
    await page.getByTestId('search-summary').waitFor({ state: 'detached' });
    for (const q of BENCH_QUERIES) asked.push({ q, ms: await query(page, q) });
  });
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  // Times are printed from the reload's navigation (the trace's first navigationStart).
  const t0 =
    events.find((e) => e.name === 'navigationStart')?.ts ??
    Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const askedAt = new Map(
    events
      .filter((e) => e.name.startsWith(ASK_MARK))
      .map((e) => [e.name.slice(ASK_MARK.length), e.ts]),
  );

  // Sampled stacks per profile, with each sample's time.
  const profThread = new Map<string, string>();
  const profStart = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile') {
      profThread.set(String(e.id), `${e.pid}:${e.tid}`);
      profStart.set(String(e.id), e.args?.data?.startTime ?? 0);
    }
  const nodes = new Map<string, Map<number, ProfileNode>>();
  const samples: { thread: string; ts: number; node: number; prof: string }[] = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const id = String(e.id);
    const n = nodes.get(id) ?? new Map<number, ProfileNode>();
    nodes.set(id, n);
    const cp = e.args?.data?.cpuProfile;
    for (const node of cp?.nodes ?? []) n.set(node.id, node);
    let t = clock.get(id) ?? profStart.get(id) ?? 0;
    (cp?.samples ?? []).forEach((sid, i) => {
      t += e.args?.data?.timeDeltas?.[i] ?? 0;
      samples.push({ thread: profThread.get(id) ?? id, ts: t, node: sid, prof: id });
    });
    clock.set(id, t);
  }
  const stackOf = (prof: string, id: number): string[] => {
    const n = nodes.get(prof)!;
    const out: string[] = [];
    for (let cur = n.get(id); cur; cur = cur.parent ? n.get(cur.parent) : undefined) {
      const f = cur.callFrame;
      if (f.functionName === '(root)') break;
      out.push(frameName(f));
    }
    return out;
  };
  // The search worker: the thread whose samples run worker-query.ts.
  const hits = new Map<string, number>();
  for (const s of samples)
    if (stackOf(s.prof, s.node).some((f) => f.includes('worker-query')))
      hits.set(s.thread, (hits.get(s.thread) ?? 0) + 1);
  const worker = [...hits].sort((a, b) => b[1] - a[1])[0]?.[0];
  console.log(`search worker thread ${worker} (${names.get(worker ?? '') ?? '?'})`);
  const tasks = events
    .filter(
      (e) =>
        `${e.pid}:${e.tid}` === worker &&
        e.ph === 'X' &&
        /^(RunTask|ThreadControllerImpl::RunTask)$/.test(e.name),
    )
    .sort((a, b) => a.ts - b.ts);
  /** The functions sampled most (self, and inclusive under web/ sources) between two trace times. */
  const profileOf = (from: number, to: number) => {
    const self = new Map<string, number>();
    const incl = new Map<string, number>();
    let n = 0;
    for (const s of samples) {
      if (s.thread !== worker || s.ts < from || s.ts > to) continue;
      n++;
      const stack = stackOf(s.prof, s.node);
      const top = stack[0] ?? '(idle/program)';
      self.set(top, (self.get(top) ?? 0) + 1);
      for (const f of new Set(stack.filter((x) => x.includes('web/'))))
        incl.set(f, (incl.get(f) ?? 0) + 1);
    }
    const fmt = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `      ${String(v).padStart(4)} ${k}`)
        .join('\n');
    return `    ${n} samples; self:\n${fmt(self)}\n    inclusive (web/):\n${fmt(incl)}`;
  };
  console.log("\nthe worker's steps (user timing, from the reload):");
  for (const e of events)
    if (e.name.startsWith('soma:'))
      console.log(
        `  ${e.name} (${e.ph}, ${`${e.pid}:${e.tid}` === worker ? 'worker' : (names.get(`${e.pid}:${e.tid}`) ?? '?')}) +${Math.round((e.ts - t0) / 1000)} ms`,
      );
  console.log(`\nworker tasks over 20 ms from the reload (start ms, wall, cpu):`);
  for (const t of tasks.filter((t) => (t.dur ?? 0) > 20_000))
    console.log(
      `  +${Math.round((t.ts - t0) / 1000)} ms: ${Math.round((t.dur ?? 0) / 1000)} ms wall, ${Math.round((t.tdur ?? 0) / 1000)} cpu`,
    );
  const gcs = events.filter(
    (e) => `${e.pid}:${e.tid}` === worker && e.ph === 'X' && /^(MajorGC|MinorGC)$/.test(e.name),
  );
  const gcMs = (name: string) =>
    Math.round(gcs.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000);
  console.log(
    `\nworker GC: major ${gcs.filter((e) => e.name === 'MajorGC').length} (${gcMs('MajorGC')} ms), minor ${gcs.filter((e) => e.name === 'MinorGC').length} (${gcMs('MinorGC')} ms); over 10 ms: ` +
      gcs
        .filter((e) => (e.dur ?? 0) > 10_000)
        .map(
          (e) =>
            `${e.name} +${Math.round((e.ts - t0) / 1000)} (${Math.round((e.dur ?? 0) / 1000)} ms)`,
        )
        .join(', '),
  );
  for (const gc of gcs.filter((e) => (e.dur ?? 0) > 30_000)) {
    const task = tasks.find((t) => t.ts <= gc.ts && t.ts + (t.dur ?? 0) >= gc.ts);
    if (!task) continue;
    console.log(
      `\n${gc.name} at +${Math.round((gc.ts - t0) / 1000)} ms (${Math.round((gc.dur ?? 0) / 1000)} ms wall, ${Math.round((gc.tdur ?? 0) / 1000)} cpu), in the task at +${Math.round((task.ts - t0) / 1000)}:`,
    );
    console.log(profileOf(task.ts, task.ts + (task.dur ?? 0)));
  }
  const times = asked.map((a) => a.ms).sort((a, b) => a - b);
  console.log(
    `\nfirst round: p50 ${times[Math.floor(times.length / 2)]} p95 ${times[Math.floor(times.length * 0.95)]} ms`,
  );
  for (const a of asked) {
    if (a.ms < slowMs) continue;
    const from = askedAt.get(a.q);
    if (from === undefined) continue;
    const to = from + a.ms * 1000 + 5000;
    const busy = tasks.filter((t) => t.ts < to && t.ts + (t.dur ?? 0) > from);
    console.log(
      `\n«${a.q}» ${a.ms} ms, asked at +${Math.round((from - t0) / 1000)} ms; worker tasks meanwhile: ` +
        busy
          .map((t) => `+${Math.round((t.ts - t0) / 1000)} (${Math.round((t.dur ?? 0) / 1000)} ms)`)
          .join(', '),
    );
    const first = busy[0];
    const last = busy.at(-1);
    if (first && last) console.log(profileOf(first.ts, last.ts + (last.dur ?? 0)));
  }
} finally {
  await browser.close();
  await soma.stop();
}
