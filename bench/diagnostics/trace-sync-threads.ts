import { readFileSync, writeFileSync } from 'node:fs';
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
  frameName,
  type ProfiledEvent,
  type ProfileNode,
} from './chromium-trace.ts';

/**
 * Where the first sync's time goes, per thread (page, search worker, others) and per
 * function, from one Chromium trace with V8's sampling profiler on every thread, plus the
 * server's CPU: `npx tsx bench/diagnostics/trace-sync-threads.ts [notes=10000]` (TRACE_OUT=file.json also
 * writes the raw trace events there). A diagnostic, not a figure.
 */
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const CATEGORIES =
  'toplevel,devtools.timeline,v8,blink.user_timing,disabled-by-default-v8.cpu_profiler,__metadata';
const count = Number(process.argv[2] ?? 10_000);
const soma = await startSoma(spanishVault(count), {
  nodeArgs: [
    ...(await serveCommand()).nodeArgs,
    ...(process.env.EXTRA_NODE_ARGS?.split(' ') ?? []),
  ],
});
await settleBeforeTiming();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
try {
  const page = await browser.newPage();
  await settleBrowser();
  const cdp = await page.context().newCDPSession(page);
  let serverCpu = 0;
  let wall = 0;
  const events = await collectTrace<ProfiledEvent>(cdp, CATEGORIES, async () => {
    const c0 = cpuOf(soma.pid);
    const t0 = performance.now();
    page.on('requestfinished', (r) => {
      if (/manifest|export/.test(r.url()))
        console.log(
          `${r.url().split('/').at(-1)} done at ${Math.round(performance.now() - t0)} ms`,
        );
    });
    page.on('request', (r) => {
      if (/manifest|export/.test(r.url()))
        console.log(
          `${r.url().split('/').at(-1)} asked at ${Math.round(performance.now() - t0)} ms`,
        );
    });
    await firstVisit(page, soma.loginLink, BENCH_QUERIES[0]!);
    wall = performance.now() - t0;
    serverCpu = cpuOf(soma.pid) - c0;
  });
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(events));
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const mark = (n: string) => events.find((e) => e.name === n);
  const s = mark(INDEX_START_MARK)!;
  const end = mark(INDEX_END_MARK);
  console.log(
    `wall ${Math.round(wall)} ms; index start→synced ${end ? Math.round((end.ts - s.ts) / 1000) : '?'} ms; server cpu ${Math.round(serverCpu)} ms`,
  );
  // CPU per thread: top-level tasks' thread time.
  const perThread = new Map<string, { cpu: number; wall: number }>();
  for (const e of events) {
    if (
      e.ph !== 'X' ||
      !/^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/.test(e.name)
    )
      continue;
    const k = `${names.get(`${e.pid}:${e.tid}`) ?? '?'} ${e.pid}:${e.tid}`;
    const t = perThread.get(k) ?? { cpu: 0, wall: 0 };
    t.cpu += (e.tdur ?? 0) / 1000;
    t.wall += (e.dur ?? 0) / 1000;
    perThread.set(k, t);
  }
  for (const [k, v] of [...perThread].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 12))
    console.log(`${k.padEnd(40)} cpu ${Math.round(v.cpu)} (task wall ${Math.round(v.wall)})`);
  // Sampled profiles per thread.
  const profThread = new Map<string, string>();
  for (const e of events)
    if (e.name === 'Profile')
      profThread.set(String(e.id), names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`);
  const nodes = new Map<string, Map<number, ProfileNode>>();
  const self = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const id = String(e.id);
    const thread = profThread.get(id) ?? id;
    const n = nodes.get(id) ?? new Map();
    nodes.set(id, n);
    const cp = e.args?.data?.cpuProfile;
    for (const node of cp?.nodes ?? []) n.set(node.id, node);
    const deltas: number[] = e.args?.data?.timeDeltas ?? [];
    const m = self.get(thread) ?? new Map();
    self.set(thread, m);
    (cp?.samples ?? []).forEach((sid: number, i: number) => {
      const f = n.get(sid)?.callFrame;
      const key = f ? frameName(f) : '?';
      m.set(key, (m.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
  }
  for (const [thread, m] of self) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    console.log(`\n## ${thread}: sampled ${Math.round(total)} ms`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${v.toFixed(0).padStart(6)} ${k}`);
  }
} finally {
  await browser.close();
  if (process.env.EXTRA_NODE_ARGS) {
    process.kill(soma.pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 4000));
  }
  await soma.stop();
  try {
    process.kill(soma.pid, 'SIGKILL'); // a diagnostic must not leave a server behind
  } catch {
    // Gone already.
  }
}
