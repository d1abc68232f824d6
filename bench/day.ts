import { loadavg } from 'node:os';
import { type Browser, chromium } from '@playwright/test';
import type { EmbedStatus } from '../common/embedding-schemas.ts';
import { startSoma } from '../e2e/soma-server.ts';
import { EmbeddingsSchema } from '../harness/embeddings-schema.ts';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { startFakeUpstream } from '../server/testing/fake-upstream/fake-upstream.ts';
import { timeStream } from './chat.ts';
import { stealMeter } from './cpu-steal.ts';
import { throttleCpu } from './cpu-throttle.ts';
import {
  type CounterReading,
  type DayRun,
  dayFigures,
  type PhaseSamples,
  stepRate,
} from './day-figures.ts';
import { emptySamples, laptopRound } from './day-laptop.ts';
import {
  lanFromOutput,
  PHONE_HOST,
  pairPhone,
  phoneChromiumArgs,
  phoneVisit,
} from './day-phone.ts';
import { e5ShapedModelDir } from './e5-shaped-model.ts';
import { shippedModel } from './embed-onnx-direct.ts';
import { semanticModel } from './embed-onnx-server.ts';
import { pinToCores } from './pin-to-cores.ts';
import { processTreeMemory, pssUssMb, rssMb } from './process-memory.ts';
import type { BenchResult } from './results.ts';
import { watchLongTasks } from './search.ts';
import { BENCH_QUERIES, spanishVault, TLDR_ES, tldrVault } from './search-vault.ts';
import { serveCommand } from './serve-args.ts';
import { T460 } from './t460.ts';

/**
 * The day group: a day's work on the laptop with everything on at once, timed beside the
 * same things done alone in the same run. One built server over a generated 10k-note vault
 * embeds it in the background with the e5-shaped model at the shipped budget (one core),
 * while the user types questions with suggestions on, searches and opens notes in a laptop
 * tab, a chat answer streams from the fake upstream, a paired phone syncs over the LAN
 * listener, and an editor rewrites a note now and then.
 */

const NOTES = 10_000;
/** Seconds of the day proper (everything at once). */
const DAY_S = { full: 60, quick: 15 };
/** Rounds of the user's work on the laptop with nothing else running. */
const IDLE_ROUNDS = { full: 5, quick: 2 };
/** Chat turns (each a direct call and one through SOMA) with nothing else running. */
const IDLE_TURNS = { full: 30, quick: 10 };
/** Seconds the embedding rate is measured with nothing else running. */
const EMBED_ALONE_S = { full: 20, quick: 8 };
/** Pauses between a loop's steps during the day (ms). */
const CHAT_EVERY_MS = 250;
const PHONE_EVERY_MS = 2_000;
const EDIT_EVERY_MS = 3_000;
const RSS_EVERY_MS = 1_000;
const STATUS_EVERY_MS = 250;
const PSS_EVERY_MS = 5_000;
/** How long a chat turn may take before it counts as dropped. */
const TURN_TIMEOUT_MS = 15_000;
/** How long the first sync of the vault may take, on the laptop and then the phone. */
const FIRST_SYNC_TIMEOUT_MS = 180_000;

/** Progress on stdout, so a long run shows where it is. */
const say = (line: string) => process.stdout.write(`day: ${line}\n`);
/** How many samples a phase holds, for the progress line. */
const counts = (s: PhaseSamples) =>
  `${s.suggestMs.length} drafts, ${s.queryMs.length} queries, ${s.noteOpenMs.length} notes, ${s.ttftSoma.length} turns, ${s.dropped.length} dropped`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 160);

/** The day group's figures (skipped without the tldr-es corpus the model is built from). */
export async function benchDay(opts: { quick: boolean; t460: boolean }): Promise<BenchResult[]> {
  if (Object.keys(tldrVault()).length === 0) {
    process.stdout.write(`day: no tldr-es corpus at ${TLDR_ES}, group skipped\n`);
    return [];
  }
  const size = opts.quick ? 'quick' : 'full';
  const model = await e5ShapedModelDir();
  const m = shippedModel();
  const notes = spanishVault(NOTES);
  const paths = Object.keys(notes);
  const upstream = await startFakeUpstream({
    defaultScript: { kind: 'text', chunks: ['Hola', ' desde', ' el', ' modelo.'], delayMs: 2 },
  });
  const embeddings = EmbeddingsSchema.parse({
    embedder: {
      kind: 'onnx',
      modelDir: model.dir,
      dimensions: m.dimensions,
      batchSize: m.batchSize,
      maxTokens: m.maxTokens,
      queryPrefix: m.queryPrefix,
      documentPrefix: m.documentPrefix,
    },
  });
  const provider = {
    id: 'local',
    label: 'Local',
    baseUrl: upstream.url,
    apiKeyEnv: null,
    models: ['m'],
    timeoutMs: 10_000,
  };
  const soma = await startSoma(notes, {
    nodeArgs: (await serveCommand()).nodeArgs,
    harness: { providers: [provider], embeddings, semanticModel: await semanticModel(model.dir) },
    args: ['--lan', '--lan-host', PHONE_HOST, '--lan-address', '127.0.0.1'],
  });
  let browser: Browser | null = null;
  try {
    const token = new URL(soma.loginLink).hash.replace('#login=', '');
    const login = await fetch(`${soma.url}/api/session`, {
      method: 'POST',
      headers: { origin: soma.url, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${soma.url}${path}`, {
        method: 'POST',
        headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`bench day: POST ${path} ${res.status}`);
    };
    const status = async (): Promise<EmbedStatus> =>
      (await fetch(`${soma.url}/api/embeddings/status`, { headers: { cookie } })).json();
    // Paused while the vault first syncs and everything is timed alone.
    await post('/api/embeddings/enabled', { enabled: false });
    const pinned = opts.t460 ? `; ${pinToCores(soma.pid, T460.serverCores)}` : '';
    const { lanUrl, spki } = lanFromOutput(soma.output());

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...chromiumArgs, ...phoneChromiumArgs(spki)],
    });
    const laptop = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'es-ES',
    });
    const [name, ...value] = cookie.split('=');
    await laptop.addCookies([{ name: name!, value: value.join('='), url: soma.url }]);
    const page = await laptop.newPage();
    await page.addInitScript(watchLongTasks);
    if (opts.t460) await throttleCpu(page, T460.cpuRate);
    const syncT = Date.now();
    await page.goto(`${soma.url}/#/`);
    await page.getByTestId('search-box').fill('faro');
    await page
      .locator('[data-testid="search-summary"][data-query="faro"]')
      .waitFor({ timeout: FIRST_SYNC_TIMEOUT_MS });
    const laptopSyncS = (Date.now() - syncT) / 1000;
    say(`laptop synced in ${Math.round(laptopSyncS)} s`);
    const phone = await pairPhone(browser, page, lanUrl);
    const phoneSyncS = (await phoneVisit(phone, lanUrl, 'faro')) / 1000;
    say(`phone paired and synced in ${Math.round(phoneSyncS)} s`);

    const direct: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'hola' }],
      }),
    };
    const viaSoma: RequestInit = {
      method: 'POST',
      headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hola' }),
    };
    /** One chat turn timed both ways; a failure or time-out is a turn lost. */
    const chatTurn = async (s: PhaseSamples, after?: (ttft: number) => void) => {
      try {
        const signal = () => AbortSignal.timeout(TURN_TIMEOUT_MS);
        const d = await timeStream(
          `${upstream.url}/chat/completions`,
          { ...direct, signal: signal() },
          '"content":"Hola"',
        );
        const t = await timeStream(
          `${soma.url}/api/chat`,
          { ...viaSoma, signal: signal() },
          'event: delta',
        );
        s.ttftDirect.push(d.ttft);
        s.ttftSoma.push(t.ttft);
        after?.(t.ttft);
      } catch (err) {
        s.dropped.push(`chat turn: ${message(err)}`);
      }
    };
    const memory = async () => {
      const browserMem = await processTreeMemory(process.pid, 'chromium');
      return {
        pss: (await pssUssMb(soma.pid)).pss + browserMem.pssMb,
        processes: browserMem.pids.length,
      };
    };

    // Alone: the user's work, then chat turns, with nothing else running.
    await chatTurn(emptySamples());
    const idle = emptySamples();
    for (let r = 0; r < IDLE_ROUNDS[size]; r++) await laptopRound(page, r, paths, idle);
    for (let i = 0; i < IDLE_TURNS[size]; i++) await chatTurn(idle);
    const idleRss = await rssMb(soma.pid);
    say(`idle: ${counts(idle)}`);
    const idlePss = (await memory()).pss;

    // Embedding alone: step to step from its first batch after the switch (the model loads
    // first), over at least EMBED_ALONE_S and three batches.
    await post('/api/embeddings/enabled', { enabled: true });
    const alone: CounterReading[] = [];
    let embedAlone = stepRate(alone);
    for (const t = Date.now(); Date.now() - t < FIRST_SYNC_TIMEOUT_MS; await pause(100)) {
      alone.push({ atMs: performance.now(), count: (await status()).counters.chunks });
      embedAlone = stepRate(alone);
      const batches = alone.filter((r, i) => i > 0 && r.count !== alone[i - 1]!.count).length - 1;
      if (embedAlone && embedAlone.seconds >= EMBED_ALONE_S[size] && batches >= 3) break;
    }
    if (!embedAlone) throw new Error('bench day: el servidor no embebe');
    say(`embedding alone: ${embedAlone.chunks} chunks in ${Math.round(embedAlone.seconds)} s`);

    // The day: everything at once.
    const day = emptySamples();
    const phoneVisitMs: number[] = [];
    const ttftByPhone = { visiting: [] as number[], not: [] as number[] };
    let phoneVisiting = false;
    const rss: number[] = [];
    let pssPeak = 0;
    let pssSamples = 0;
    let browserProcesses = 0;
    let editorWrites = 0;
    const load1Before = loadavg()[0] ?? 0;
    const stolen = stealMeter();
    const d0 = await status();
    const dT = performance.now();
    const until = Date.now() + DAY_S[size] * 1000;
    const going = () => Date.now() < until;
    const dayReadings: CounterReading[] = [];
    const loops = [
      (async () => {
        while (going()) {
          dayReadings.push({ atMs: performance.now(), count: (await status()).counters.chunks });
          await pause(STATUS_EVERY_MS);
        }
      })(),
      (async () => {
        for (let r = IDLE_ROUNDS[size]; going(); r++) {
          await laptopRound(page, r, paths, day, until);
        }
      })(),
      (async () => {
        while (going()) {
          const visiting = phoneVisiting;
          await chatTurn(day, (ttft) =>
            (visiting && phoneVisiting ? ttftByPhone.visiting : ttftByPhone.not).push(ttft),
          );
          await pause(CHAT_EVERY_MS);
        }
      })(),
      (async () => {
        for (let i = 0; going(); i++) {
          const q = BENCH_QUERIES[i % BENCH_QUERIES.length]!;
          phoneVisiting = true;
          try {
            phoneVisitMs.push(await phoneVisit(phone, lanUrl, q));
          } catch (err) {
            day.dropped.push(`phone visit: ${message(err)}`);
          }
          phoneVisiting = false;
          await pause(PHONE_EVERY_MS);
        }
      })(),
      (async () => {
        for (let i = 0; going(); i++) {
          await pause(EDIT_EVERY_MS);
          const path = paths[(i * 104_729) % paths.length]!;
          await soma.writeNote(path, `${notes[path]}\n\nRevisado hoy, ${i}.\n`);
          editorWrites++;
        }
      })(),
      (async () => {
        for (let t = 0; going(); t += RSS_EVERY_MS) {
          rss.push(await rssMb(soma.pid));
          if (t % PSS_EVERY_MS === 0) {
            const mem = await memory();
            pssPeak = Math.max(pssPeak, mem.pss);
            browserProcesses = Math.max(browserProcesses, mem.processes);
            pssSamples++;
          }
          await pause(RSS_EVERY_MS);
        }
      })(),
    ];
    await Promise.all(loops);
    const d1 = await status();
    say(`day: ${counts(day)}, ${phoneVisitMs.length} phone visits`);
    const daySeconds = (performance.now() - dT) / 1000;
    const run: DayRun = {
      t460: opts.t460,
      notes: NOTES,
      daySeconds: Math.round(daySeconds),
      idle,
      day,
      embedAlone,
      // Step to step when the day saw two batches end, else over the whole day.
      embedDay: stepRate([
        ...dayReadings,
        { atMs: performance.now(), count: d1.counters.chunks },
      ]) ?? {
        chunks: d1.counters.chunks - d0.counters.chunks,
        seconds: daySeconds,
      },
      serverRssMb: { idle: idleRss, dayPeak: Math.max(...rss), samples: rss.length },
      totalPssMb: { idle: idlePss, dayPeak: pssPeak, samples: pssSamples, browserProcesses },
      phoneVisitMs,
      ttftByPhone,
      editorWrites,
      host: { load1Before, load1After: loadavg()[0] ?? 0, stolenPct: stolen() },
      setup:
        `e5-shaped int8 model, kind onnx, batches of ${m.batchSize}, the default CPU budget (${d1.budget.cores} core); ` +
        `first syncs before the timing: laptop ${Math.round(laptopSyncS)} s, phone over the LAN ${Math.round(phoneSyncS)} s` +
        (opts.t460 ? `; laptop tab CPU ×${T460.cpuRate}, phone not slowed${pinned}` : ''),
    };
    return dayFigures(run);
  } finally {
    await browser?.close();
    await soma.stop();
    await upstream.close();
  }
}
