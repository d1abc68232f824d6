import type { Browser, Page } from '@playwright/test';
import { SUGGEST_DEBOUNCE_MS } from '../web/lib/timing.ts';
import { type SlowedTab, slowTab } from './cpu-throttle.ts';
import type { PhaseSamples } from './day-figures.ts';
import type { DayServer } from './day-server.ts';
import { watchLongTasks } from './search.ts';
import { longestSince, timeDraft } from './search-suggest.ts';
import { BENCH_QUERIES } from './search-vault.ts';

/**
 * What the user does on the laptop's tab during the day bench, one thing after another as
 * one person would: types a question word by word with suggestions on, searches, opens
 * notes. Every step is timed in the page, with nothing of Playwright's evaluated there
 * while the timed window is open (see page-shown.ts).
 */

/** Questions typed into the composer: Spanish, with words the generated vault holds. */
const QUESTIONS = [
  '¿Qué receta de tortilla de patatas escribí en casa de la abuela?',
  '¿Cuándo planté los tomates y la albahaca en el huerto?',
  'Resume lo que aprendí sobre meditación y respiración para la ansiedad',
  '¿Qué presupuesto hice para el viaje en tren a Sevilla?',
  'Ideas para organizar el estudio después de la mudanza',
  '¿Qué soñé con el faro y la niebla del mar?',
  'Notas del entrenamiento para el maratón y la bicicleta',
  '¿Cómo recuperar las fotos de la copia de seguridad?',
];
/** How long a draft may wait for its list before it counts as none. */
const SUGGEST_TIMEOUT_MS = 3_000;
/** How long a query or a note may take before it counts as dropped. */
const STEP_TIMEOUT_MS = 15_000;
/** A typist's pace: ~25 characters a second. */
const KEY_DELAY_MS = 40;

/** Sets the search box to `q` and times its first answer (worker ms) and its final one. */
const timeQuery = async (args: { q: string; timeout: number }) => {
  // No inner named functions: tsx would wrap them in a `__name` helper the page lacks.
  const box = document.querySelector('[data-testid="search-box"]') as HTMLInputElement;
  box.value = '';
  box.dispatchEvent(new Event('input', { bubbles: true }));
  while (document.querySelector('[data-testid="search-summary"]') !== null) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const t0 = performance.now();
  box.value = args.q;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  return new Promise<{ workerMs: number; finalMs: number; mode: string }>((resolve) => {
    let workerMs = -1;
    const observer = new MutationObserver(() => {
      const s = document.querySelector('[data-testid="search-summary"]');
      if (!s || s.getAttribute('data-query') !== args.q) return;
      if (workerMs < 0) workerMs = Number(s.getAttribute('data-ms'));
      const mode = s.getAttribute('data-semantic') ?? '';
      if (mode === 'pending') return;
      observer.disconnect();
      clearTimeout(timer);
      resolve({ workerMs, finalMs: performance.now() - t0, mode });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve({ workerMs, finalMs: -1, mode: 'timeout' });
    }, args.timeout);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-query', 'data-semantic', 'data-ms'],
    });
  });
};

/** A note's open, timed in the page (ms; -1 when it did not open, with what the page showed). */
type NoteOpenTiming = { ms: number; requestMs: number; paintedMs: number; shown?: string };

/**
 * Opens `#/nota/<path>` and times it to the note readable: its path shown, the pane no
 * longer busy and its body rendered (what comes beside it, related notes, is not waited
 * for); or -1.
 */
const timeNoteOpen = async (args: { path: string; timeout: number }) => {
  // The page's buffer holds 250 entries: a day's requests would fill it.
  performance.clearResourceTimings();
  const t0 = performance.now();
  location.hash = `#/nota/${args.path.split('/').map(encodeURIComponent).join('/')}`;
  return new Promise<NoteOpenTiming>((resolve) => {
    const observer = new MutationObserver(() => {
      const view = document.querySelector('[data-testid="note-view"]');
      if (view?.getAttribute('aria-busy') === 'true') return;
      if (view?.querySelector('.note-path')?.textContent !== args.path) return;
      if (view.querySelector('.markdown') === null) return;
      observer.disconnect();
      clearTimeout(timer);
      const ms = performance.now() - t0;
      // The note's request, sent → last byte (the server's share, with the network's).
      const asked = `/api/vault/note?path=${encodeURIComponent(args.path)}`;
      const request = performance
        .getEntriesByType('resource')
        .find((e) => e.startTime >= t0 && e.name.endsWith(asked)) as
        | PerformanceResourceTiming
        | undefined;
      const requestMs = request ? request.responseEnd - request.startTime : -1;
      // Drawn: a task after the next frame's callbacks runs once that frame's rendering has.
      requestAnimationFrame(() =>
        setTimeout(() => resolve({ ms, requestMs, paintedMs: performance.now() - t0 })),
      );
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      // What the pane showed instead, and the note's requests, so a lost open says why.
      const view = document.querySelector('[data-testid="note-view"]');
      const text = (view?.textContent ?? 'no note view').replace(/\s+/g, ' ').slice(0, 160);
      const requests = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= t0 && e.name.includes('/api/vault/note?'))
        .map((e) => `${Math.round((e as PerformanceResourceTiming).responseEnd - e.startTime)} ms`);
      const shown = `${location.hash}, aria-busy ${view?.getAttribute('aria-busy')}, requests [${requests.join(', ')}]: «${text}»`;
      resolve({ ms: -1, requestMs: -1, paintedMs: -1, shown });
    }, args.timeout);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
};

/** How long the laptop's first sync of the vault may take. */
const FIRST_SYNC_TIMEOUT_MS = 180_000;

/**
 * The laptop's tab as the day uses it: 1366×768, signed in with the server's cookie, long
 * tasks watched (and `initScripts` run) before the app, slowed `rate` times from its load on
 * (its first sync included; `apart`: another browser's pids, left alone), then synced
 * until its search answers. `slowed` is null when not slowed.
 */
export async function openLaptopTab(
  browser: Browser,
  server: DayServer,
  opts: { rate: number; apart?: readonly number[]; initScripts?: (() => void)[] },
): Promise<{ page: Page; slowed: SlowedTab | null; syncSeconds: number }> {
  const laptop = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'es-ES',
  });
  const [name, ...value] = server.cookie.split('=');
  await laptop.addCookies([{ name: name!, value: value.join('='), url: server.soma.url }]);
  const page = await laptop.newPage();
  for (const script of [watchLongTasks, ...(opts.initScripts ?? [])])
    await page.addInitScript(script);
  const t0 = Date.now();
  await page.goto(`${server.soma.url}/#/`);
  const slowed = opts.rate > 1 ? await slowTab(page, opts.rate, opts.apart) : null;
  await page.getByTestId('search-box').fill('faro');
  await page
    .locator('[data-testid="search-summary"][data-query="faro"]')
    .waitFor({ timeout: FIRST_SYNC_TIMEOUT_MS });
  return { page, slowed, syncSeconds: (Date.now() - t0) / 1000 };
}

/** Back to the conversation with an empty, enabled composer. */
async function toComposer(page: Page): Promise<void> {
  await page.evaluate(() => {
    location.hash = '#/';
  });
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid="composer"]') as HTMLTextAreaElement | null;
    return box !== null && !box.disabled;
  });
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid="composer"]') as HTMLTextAreaElement;
    box.value = '';
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Empty samples for a phase. */
export function emptySamples(): PhaseSamples {
  return {
    suggestMs: [],
    suggestNone: 0,
    typingMaxTaskMs: 0,
    queryMs: [],
    finalQueryMs: [],
    hybridAnswers: 0,
    noteOpenMs: [],
    noteRequestMs: [],
    notePaintedMs: [],
    ttftSoma: [],
    ttftDirect: [],
    dropped: [],
  };
}

/** Draft prefixes timed each round (from two words on, spread over the question). */
const PREFIXES = 4;

/** Times the `n`-th search into `s`. */
export async function laptopSearch(page: Page, n: number, s: PhaseSamples): Promise<void> {
  // Two of the bench's queries together: a new text each time, so no cache answers it.
  const q = `${BENCH_QUERIES[n % BENCH_QUERIES.length]} ${BENCH_QUERIES[(n * 7 + 3) % BENCH_QUERIES.length]}`;
  const r = await page.evaluate(timeQuery, { q, timeout: STEP_TIMEOUT_MS });
  // The words-only answer shows first: its time counts even when the fused one is late.
  if (r.workerMs >= 0) s.queryMs.push(r.workerMs);
  if (r.finalMs < 0) s.dropped.push(`search «${q}» gave no final answer in ${STEP_TIMEOUT_MS} ms`);
  else {
    s.finalQueryMs.push(r.finalMs);
    if (r.mode === 'hybrid') s.hybridAnswers++;
  }
}

/** Times opening the `n`-th note into `s`. */
async function openNote(page: Page, n: number, paths: readonly string[], s: PhaseSamples) {
  const path = paths[(n * 7919) % paths.length]!;
  const { ms, requestMs, paintedMs, shown } = await page.evaluate(timeNoteOpen, {
    path,
    timeout: STEP_TIMEOUT_MS,
  });
  if (ms < 0)
    s.dropped.push(`note ${path} did not open in ${STEP_TIMEOUT_MS} ms; the page: ${shown}`);
  else s.noteOpenMs.push(ms);
  if (requestMs >= 0) s.noteRequestMs.push(requestMs);
  if (ms >= 0) s.notePaintedMs.push(paintedMs);
}

/** A question's prefixes as drafts (keystroke → suggestions), then the whole of it typed key by key. */
async function typeQuestion(page: Page, question: string, s: PhaseSamples, over: () => boolean) {
  await toComposer(page);
  const words = question.split(' ');
  const step = Math.max(1, Math.floor((words.length - 1) / PREFIXES));
  for (let k = 2; k <= words.length && !over(); k += step) {
    const args = {
      draft: words.slice(0, k).join(' '),
      debounce: SUGGEST_DEBOUNCE_MS,
      timeout: SUGGEST_TIMEOUT_MS,
    };
    const ms = await page.evaluate(timeDraft, args);
    if (ms < 0) s.suggestNone++;
    else s.suggestMs.push(ms);
  }
  if (over()) return;
  await toComposer(page);
  const since = await page.evaluate(() => performance.now());
  await page.evaluate(() =>
    (document.querySelector('[data-testid="composer"]') as HTMLTextAreaElement).focus(),
  );
  await page.keyboard.type(question, { delay: KEY_DELAY_MS });
  // The list after the last key, so the last render is inside the window.
  await page
    .waitForFunction(() => document.querySelector('[data-testid="draft-suggestion"]') !== null, {
      timeout: SUGGEST_TIMEOUT_MS,
    })
    .catch(() => s.suggestNone++);
  s.typingMaxTaskMs = Math.max(s.typingMaxTaskMs, await page.evaluate(longestSince, since));
  await toComposer(page);
}

/**
 * Round `round` of the user's work on `page`, into `s`: two notes opened, a question typed
 * (its prefixes as drafts, then key by key), a search, two more notes and another search.
 * The quick steps come first, so a short day on a loaded host still times each kind
 * (a search waits for its answer fused with the vectors, seconds while the model embeds).
 * Stops between steps once `over()`.
 */
export async function laptopRound(
  page: Page,
  round: number,
  paths: readonly string[],
  s: PhaseSamples,
  over: () => boolean = () => false,
): Promise<void> {
  const steps = [
    () => openNote(page, 4 * round, paths, s),
    () => openNote(page, 4 * round + 1, paths, s),
    () => typeQuestion(page, QUESTIONS[round % QUESTIONS.length]!, s, over),
    () => laptopSearch(page, 2 * round, s),
    () => openNote(page, 4 * round + 2, paths, s),
    () => openNote(page, 4 * round + 3, paths, s),
    () => laptopSearch(page, 2 * round + 1, s),
  ];
  for (const step of steps) {
    if (over()) return;
    await step();
  }
}
