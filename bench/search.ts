import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type RunningSoma, startSoma } from '../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { relevanceSet } from '../testing/web/relevance-set.ts';
import { DB_NAME, STORES } from '../web/db/database.ts';
import { NoteIndex } from '../web/search/engine/search-engine.ts';
import { INDEX_END_MARK, INDEX_START_MARK } from '../web/search/worker/search-protocol.ts';
import { tldrPages } from './corpus/tldr-pages.ts';
import { stealMeter } from './cpu-steal.ts';
import { typeInSearchBox, watchPageShown, watchSummaries } from './page-shown.ts';
import { rssMb } from './process-memory.ts';
import { tldrRelevance } from './relevance-tldr.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { benchHybrid } from './search-hybrid.ts';
import { benchModelHelp, closeModelHelpUpstream, modelHelpProviders } from './search-model-help.ts';
import { benchQualityPanel } from './search-quality-panel.ts';
import { benchSuggest } from './search-suggest.ts';
import { BENCH_QUERIES, spanishVault, storedQuestions, TLDR_QUERIES } from './search-vault.ts';
import { serveCommand } from './serve-args.ts';
import { settleBeforeTiming, settleBrowser } from './settle-before-timing.ts';

/** How long the first sync of a generated vault may take before the run gives up. */
const BUILD_TIMEOUT_MS = 120_000;
/**
 * First syncs timed per vault in a full run, each on a new server and browser (the figure is
 * their median, the note gives the count): 5, as many as the reloads of `ready_ms`, since
 * first syncs on a shared machine vary widely and a median of 3 held too little.
 */
const FIRST_SYNCS = 5;
/** Reloads timed for `ready_ms` (their median; timed to when the results showed, see page-shown.ts `watchSummaries`). */
const READY_RELOADS = 5;
/** «¿Era esta?» questions the quality panel scores in `quality_panel_ms` (a year of a keen user's answers). */
const QUALITY_QUESTIONS = 500;

/** Types `query` in the header box and waits for its answer; returns the worker's time in ms. */
async function query(
  page: Page,
  q: string,
  timeout = 10_000,
): Promise<{ ms: number; count: number }> {
  await page.getByTestId('search-box').fill(q);
  const summary = page.locator(`[data-testid="search-summary"][data-query="${q}"]`);
  await summary.waitFor({ timeout });
  const ms = Number(await summary.getAttribute('data-ms'));
  const count = await page.getByTestId('search-hit').count();
  return { ms, count };
}

/** Every main-thread task over 50 ms since the page loaded (a PerformanceObserver set before any script). */
export const watchLongTasks = () => {
  const w = window as unknown as { longTasks: [number, number][] };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

/**
 * The longest task that began while the index was being built (from the search worker's
 * start to its first `synced`, the app's User Timing marks), and the longest before it
 * (the page's boot: script evaluation and first render).
 */
function longestTasks(marks: { start: string; end: string }) {
  const w = window as unknown as { longTasks: [number, number][] };
  // No inner named functions: tsx would wrap them in a `__name` helper the page lacks.
  const started = performance.getEntriesByName(marks.start, 'mark')[0]?.startTime;
  const ended = performance.getEntriesByName(marks.end, 'mark')[0]?.startTime;
  const start = started ?? 0;
  const end = ended ?? Number.POSITIVE_INFINITY;
  let indexing = 0;
  let boot = 0;
  for (const [t, d] of w.longTasks) {
    if (t < start) boot = Math.max(boot, d);
    else if (t <= end) indexing = Math.max(indexing, d);
  }
  return { indexing, boot, marked: started !== undefined };
}

/**
 * Bytes of every record in the page's saved-index store: strings as UTF-8,
 * binary as its length, numbers as 8, keys included (what IndexedDB keeps,
 * before its own on-disk compression).
 */
async function savedIndexBytes(db: { name: string; store: string }): Promise<number> {
  const open = indexedDB.open(db.name);
  const conn = await new Promise<IDBDatabase>((resolve, reject) => {
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = conn.transaction(db.store).objectStore(db.store).getAll();
  const records = await new Promise<unknown[]>((resolve, reject) => {
    all.onsuccess = () => resolve(all.result);
    all.onerror = () => reject(all.error);
  });
  conn.close();
  // A stack, not a recursive helper: tsx would wrap an inner function in a `__name` the page lacks.
  const stack: unknown[] = [...records];
  const utf8 = new TextEncoder();
  let bytes = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += utf8.encode(v).length;
    else if (typeof v === 'number') bytes += 8;
    else if (v instanceof Blob) bytes += v.size;
    else if (v instanceof ArrayBuffer) bytes += v.byteLength;
    else if (ArrayBuffer.isView(v)) bytes += v.byteLength;
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        bytes += utf8.encode(k).length;
        stack.push(x);
      }
    }
  }
  return bytes;
}

/** True when ripgrep is installed (it is not everywhere: the rg baseline is skipped without it). */
function hasRg(): boolean {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `tool -il` (grep -r, rg) per query (the seed's search) on the vault folder, median ms. */
function toolMedianMs(tool: 'grep' | 'rg', vault: string, queries: readonly string[]): number {
  const args = tool === 'grep' ? ['-ril'] : ['-il'];
  const times = queries.map((q) => {
    const t0 = performance.now();
    try {
      execFileSync(tool, [...args, '--', q, vault], { stdio: 'ignore' });
    } catch {
      // exit status 1: no match
    }
    return performance.now() - t0;
  });
  return median(times);
}

/** Top-5 hit rate on the fixtures' relevance set (the project's own), SOMA's index against grep's first five files. */
function relevance(): BenchResult {
  const dir = 'web/search/fixtures';
  const index = NoteIndex.empty();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (f.endsWith('.md')) index.upsert(f.normalize('NFC'), readFileSync(join(dir, f), 'utf8'));
  }
  const grepTop5 = (q: string) => {
    try {
      const out = execFileSync('grep', ['-ril', '--', q, '.'], { cwd: dir, encoding: 'utf8' });
      return out
        .split('\n')
        .filter(Boolean)
        .slice(0, 5)
        .map((p) => p.slice(2).normalize('NFC'));
    } catch {
      return [];
    }
  };
  const rate = (top5: (q: string) => string[]) =>
    relevanceSet.filter((c) => top5(c.query).includes(c.expected)).length / relevanceSet.length;
  return {
    name: 'search.fixtures_top5_hit_rate',
    value: round2(
      rate((q) =>
        index
          .search(q, {}, false)
          .slice(0, 5)
          .map((h) => h.path),
      ),
    ),
    unit: 'ratio',
    baseline: { name: 'grep -ril', value: round2(rate(grepTop5)) },
    note: `${relevanceSet.length} queries over web/search/fixtures`,
  };
}

/** What a caller may add around each vault's run (T460 mode throttles the page and reads memory). */
export interface SearchHooks {
  /** Before the page opens the app: throttle it, pin the server. Returns words for the notes. */
  beforeOpen?: (page: Page, soma: RunningSoma) => Promise<string>;
  /** After the reload, before the timed queries. Returns words for the query figures' notes. */
  beforeQueries?: (page: Page) => Promise<string>;
  /** With the vault synced, reloaded and queried, the page still open: more figures. */
  measure?: (page: Page, soma: RunningSoma, label: string) => Promise<BenchResult[]>;
}

interface VaultRun {
  /** `search.<label>.*` */
  label: string;
  notes: Record<string, string>;
  queries: readonly string[];
  /** What the figures' notes say the vault is. */
  what: string;
  /** How long to let the worker save its index before the reload. */
  saveWaitMs: number;
  /** First syncs timed (their median is the figure; the last one's page goes on to the reloads and queries). */
  firstSyncs: number;
  timeoutMs: number;
  /** Stored «¿Era esta?» pairs for `quality_panel_ms` (generated vaults up to 10k), timed over `firstSyncs` page loads. */
  questions?: { query: string; path: string }[];
}

/** A first visit: a new server over the vault, a new browser, login → first sync → first result. */
interface FirstVisit {
  soma: RunningSoma;
  browser: Browser;
  page: Page;
  summaries: Awaited<ReturnType<typeof watchSummaries>>;
  buildMs: number;
  tasks: { indexing: number; boot: number };
  /** What the hooks set up, for the figures' notes. */
  setup: string;
  /** Per cent of the machine's CPU time the host gave to others meanwhile (null: unknown). */
  stolen: number | null;
}

/** Opens the app on a new server and browser (empty IndexedDB) and times its first sync; the caller closes both. */
async function firstVisit(run: VaultRun, hooks: SearchHooks): Promise<FirstVisit> {
  const { queries } = run;
  const soma = await startSoma(run.notes, {
    nodeArgs: (await serveCommand()).nodeArgs,
    harness: { providers: await modelHelpProviders() },
  });
  await settleBeforeTiming();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
    const page = await browser.newPage();
    await settleBrowser();
    await page.addInitScript(watchLongTasks);
    const watched = await watchPageShown(page, ['chat-view']);
    const summaries = await watchSummaries(page);
    const setup = hooks.beforeOpen ? `; ${await hooks.beforeOpen(page, soma)}` : '';
    const stolen = stealMeter();
    const t0 = Date.now();
    await page.goto(soma.loginLink);
    await watched.shown('chat-view');
    // Typed and waited on with nothing of Playwright's in the page: the main-thread tasks
    // read next are the app's alone (see page-shown.ts).
    const firstShown = summaries.next(queries[0]!, run.timeoutMs);
    await typeInSearchBox(page, queries[0]!);
    const buildMs = (await firstShown) - t0;
    const steal = stolen();
    const tasks = await page.evaluate(longestTasks, {
      start: INDEX_START_MARK,
      end: INDEX_END_MARK,
    });
    if (!tasks.marked) throw new Error(`la página no marcó ${INDEX_START_MARK}`);
    if ((await page.getByTestId('search-hit').count()) === 0)
      throw new Error('la búsqueda no encontró nada tras la sincronización');
    return { soma, browser, page, summaries, buildMs, tasks, setup, stolen: steal };
  } catch (error) {
    await browser?.close();
    await soma.stop();
    throw error;
  }
}

/**
 * The first sync's figures of `visits` first visits, each on a new server and browser: their
 * medians, and a note that gives every sample and the CPU the host took meanwhile (a single
 * first sync on a shared machine measured the neighbours as much as the code: 3.0–4.9 s for
 * the same 10k build within a day).
 */
function firstSyncFigures(visits: readonly FirstVisit[]) {
  const builds = visits.map((v) => v.buildMs);
  const stolen = visits.map((v) => v.stolen);
  const list = (xs: readonly number[]) => xs.map((x) => Math.round(x)).join(', ');
  const steal = stolen.every((x) => x !== null)
    ? `; CPU taken by the host meanwhile ${stolen.map((x) => `${Math.round(x!)}%`).join(', ')}`
    : '';
  const of =
    visits.length > 1
      ? `median of ${visits.length} first syncs, each on a new server and browser`
      : 'one first sync';
  return {
    buildMs: median(builds),
    indexing: median(visits.map((v) => v.tasks.indexing)),
    boot: median(visits.map((v) => v.tasks.boot)),
    buildNote: `${of} (${list(builds)} ms)${steal}`,
    tasksNote: `${of} (${list(visits.map((v) => v.tasks.indexing))} ms while indexing; ${list(visits.map((v) => v.tasks.boot))} ms at boot)`,
  };
}

/** One vault served by SOMA and searched in Chromium through the search view. */
async function benchVault(run: VaultRun, hooks: SearchHooks): Promise<BenchResult[]> {
  const { label, queries } = run;
  const count = Object.keys(run.notes).length;
  const visits: FirstVisit[] = [];
  for (let i = 1; i < run.firstSyncs; i++) {
    const visit = await firstVisit(run, hooks);
    visits.push(visit);
    await visit.browser.close();
    await visit.soma.stop();
  }
  const last = await firstVisit(run, hooks);
  visits.push(last);
  const { soma, browser, page, summaries, setup } = last;
  const first = firstSyncFigures(visits);
  try {
    // Let the worker save its index before the reload (stringify + put, ~1–2 s at 10k).
    await page.waitForTimeout(run.saveWaitMs);
    const serverRss = await rssMb(soma.pid);

    const readies: number[] = [];
    for (let i = 0; i < READY_RELOADS; i++) {
      const shown = summaries.next(queries[0]!, run.timeoutMs);
      const t1 = Date.now();
      await page.reload();
      readies.push((await shown) - t1);
    }
    const readyMs = median(readies);
    const readyRange = `min ${Math.round(Math.min(...readies))}, max ${Math.round(Math.max(...readies))} ms`;

    const queried = hooks.beforeQueries ? `; ${await hooks.beforeQueries(page)}` : '';
    // The box still holds the reload's query: typing it again would send nothing and
    // time the reload's first answer (ready_ms) as a query. Every sample is a new query.
    await page.getByTestId('search-box').fill('');
    await page.getByTestId('search-summary').waitFor({ state: 'detached' });
    const samples: number[] = [];
    /** The first round alone: no query has been asked before (the worker keeps what it cut). */
    const firstRound: number[] = [];
    let empty = 0;
    let slowest = { q: '', ms: 0 };
    for (let round = 0; round < 2; round++) {
      for (const q of queries) {
        const r = await query(page, q);
        samples.push(r.ms);
        if (round === 0) firstRound.push(r.ms);
        if (round === 0 && r.count === 0) empty++;
        if (r.ms > slowest.ms) slowest = { q, ms: r.ms };
      }
    }
    const heapMb = await page.evaluate(
      () =>
        (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
          ?.usedJSHeapSize ?? 0,
    );
    const indexBytes = await page.evaluate(savedIndexBytes, {
      name: DB_NAME,
      store: STORES.searchIndex,
    });
    // grep and rg take ~0.3 s a word at 50k: the first ten words are enough for a median there.
    const extra = (await hooks.measure?.(page, soma, label)) ?? [];
    const suggest = await benchSuggest(page, label, Object.values(run.notes));
    const modelHelp = await benchModelHelp(page, label, queries);
    const quality = run.questions
      ? await benchQualityPanel(page, label, run.questions, queries[0]!, run.firstSyncs)
      : [];
    const toolQueries = count > 10_000 ? queries.slice(0, 10) : queries;
    const grepMs = round2(toolMedianMs('grep', soma.vault, toolQueries));
    const rg = hasRg();
    const rgMs = rg ? round2(toolMedianMs('rg', soma.vault, toolQueries)) : null;
    const base = { name: 'grep -ril', value: grepMs };
    const note =
      `${count} notes (${run.what}), ${queries.length} queries ×2` +
      `${empty ? ` (${empty} without hits)` : ''}, worker time incl. snippets` +
      ` (first round alone, every query new: p50 ${round2(median(firstRound))}, p95 ${round2(percentile(firstRound, 0.95))} ms);` +
      ` slowest "${slowest.q}" ${round2(slowest.ms)} ms${setup}${queried}`;
    return [
      {
        name: `search.${label}.index_build_ms`,
        value: Math.round(first.buildMs),
        unit: 'ms',
        note: `login → first sync + build → first result, ${count} notes (timed once the bench's own writes and work, and the launched browser's start-up, have settled: settle-before-timing.ts); ${first.buildNote}${setup}`,
      },
      {
        name: `search.${label}.sync_max_main_task_ms`,
        value: Math.round(first.indexing),
        unit: 'ms',
        note: `longest main-thread task that began during the first sync and index build (0: none over 50 ms); ${first.tasksNote}${setup}`,
      },
      {
        name: `search.${label}.boot_max_main_task_ms`,
        value: Math.round(first.boot),
        unit: 'ms',
        note: `longest main-thread task before indexing began: script evaluation and first render; ${first.tasksNote}${setup}`,
      },
      {
        name: `search.${label}.ready_ms`,
        value: Math.round(readyMs),
        unit: 'ms',
        note: `reload → first result from the saved index, median of ${READY_RELOADS} reloads (${readyRange})${setup}`,
      },
      {
        name: `search.${label}.query_p50_ms`,
        value: round2(median(samples)),
        unit: 'ms',
        baseline: base,
        note,
      },
      {
        name: `search.${label}.query_p95_ms`,
        value: round2(percentile(samples, 0.95)),
        unit: 'ms',
        baseline: base,
        note,
      },
      {
        name: `search.${label}.rg_il_ms`,
        value: rgMs ?? -1,
        unit: 'ms',
        baseline: base,
        note: rg
          ? `rg -il per query (${toolQueries.length} words), median, process start included, unranked, no accent folding`
          : 'rg not installed: skipped (-1)',
      },
      { name: `search.${label}.page_heap_mb`, value: round2(heapMb / 1024 / 1024), unit: 'MB' },
      ...suggest,
      ...modelHelp,
      ...quality,
      {
        name: `search.${label}.saved_index_mb`,
        value: round2(indexBytes / 1024 / 1024),
        unit: 'MB',
        note: `bytes of the saved search index records in IndexedDB (strings as UTF-8), ${count} notes`,
      },
      {
        name: `server.rss_after_${label}_sync_mb`,
        value: round2(serverRss),
        unit: 'MB',
        note: `server VmRSS ${run.saveWaitMs} ms after a browser's first sync of ${count} notes (before the reload)`,
      },
      ...extra,
    ];
  } finally {
    await browser.close();
    await soma.stop();
  }
}

/**
 * search.*: generated Spanish vaults (10,000 notes, 1,000 in quick mode, and
 * 50,000 in full mode only) and the real tldr-es corpus, each served by SOMA
 * and searched in Chromium through the search view.
 */
export async function benchSearch(opts: {
  quick: boolean;
  only?: string[];
  hooks?: SearchHooks;
}): Promise<BenchResult[]> {
  const hooks = opts.hooks ?? {};
  const runs: VaultRun[] = [];
  const want = (label: string) => !opts.only || opts.only.includes(label);
  // Quick mode (CI) times one: it checks that the bench runs, not the figures.
  const firstSyncs = opts.quick ? 1 : FIRST_SYNCS;
  const generated = (count: number, label: string, saveWaitMs: number) => {
    if (!want(label)) return;
    const notes = spanishVault(count);
    runs.push({
      label,
      notes,
      queries: BENCH_QUERIES,
      what: 'generated, Zipf vocabulary of 25,000 words',
      saveWaitMs,
      firstSyncs,
      timeoutMs: count > 10_000 ? 600_000 : BUILD_TIMEOUT_MS,
      questions: count <= 10_000 ? storedQuestions(notes, QUALITY_QUESTIONS) : undefined,
    });
  };
  if (opts.quick) generated(1_000, '1k', 1_000);
  else generated(10_000, '10k', 4_000);
  const results: BenchResult[] = [];
  // The hybrid ranking over the same generated vault, with ~3 chunk vectors a note.
  for (const run of runs) results.push(...benchHybrid(run.notes, run.label));
  if (want('tldr_es')) {
    runs.push({
      label: 'tldr_es',
      notes: tldrPages(),
      queries: TLDR_QUERIES,
      what: 'tldr-es, bench/corpus',
      saveWaitMs: 2_000,
      firstSyncs,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
  }
  for (const run of runs) results.push(...(await benchVault(run, hooks)));
  runs.length = 0;
  if (!opts.quick) {
    generated(50_000, '50k', 15_000);
    for (const run of runs) results.push(...(await benchVault(run, hooks)));
  }
  await closeModelHelpUpstream();
  if (want('relevance')) {
    results.push(relevance());
    results.push(...(await tldrRelevance()));
  }
  return results;
}
