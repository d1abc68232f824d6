import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderRowsSchema, ManifestSchema, NoteSchema } from '../../common/api-schemas.ts';
import { ChatEventSchema, NotesBatchSchema } from '../../common/chat-schemas.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
  words,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import {
  buildTestApp,
  fakeProviders,
  HOST,
  ORIGIN,
  type TestApp,
} from '../../testing/server/test-app.ts';

const MB = 1024 * 1024;
/** How many answers stream at once. */
const CLIENTS = 50;
/** How many clients read the vault in a loop while the answers stream. */
const READERS = 10;
/** How many clients hold `/api/events` open during the load (each one a vault and a harness listener). */
const WATCHERS = 5;
/** Generated notes in the temp vault. */
const NOTES = 300;
/**
 * The link's time-out, which no answer here should meet: at 5 s, a turn timed out with
 * 50 streams and 10 readers in one process on two busy cores.
 */
const LINK_TIMEOUT_MS = 60_000;
/** Milliseconds between two chunks of an answer: 100–200 chunks stream for about 1–3 s. */
const CHUNK_EVERY_MS = 10;
/**
 * How far above the warmed-up idle heap `heapUsed` may stay once the load is over and
 * collected. Measured over a dozen runs: 0.05–0.63 MB (it peaks 30–50 MB above the baseline
 * during the load). Keeping every upstream request and response adds 3.7 MB; keeping every
 * upstream chunk adds 1.6 MB here and 3.2 MB outside the heap. The bound catches what keeps
 * about 40 KB a turn or 270 bytes a chunk; smaller leaks drown in the collector's noise.
 */
const HEAP_MARGIN_BYTES = 2 * MB;
/** The same for `external + arrayBuffers` (buffers, streams' backing stores): measured 0.00 MB. */
const EXTERNAL_MARGIN_BYTES = 1 * MB;

/** A collector without `--expose-gc` on the command line: works in vitest's forked workers. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const FOLDERS = ['00_Entrada', '01_Caracter', '02_Conciencia', '03_Proyectos/huerto', '06_Archivo'];
const TEMAS = ['huerto', 'lectura', 'viaje', 'sueño', 'cocina', 'música', 'trabajo', 'familia'];

function notePath(i: number): string {
  return `${FOLDERS[i % FOLDERS.length]}/nota ${String(i).padStart(3, '0')} ${TEMAS[i % TEMAS.length]}.md`;
}

function noteName(i: number): string {
  return notePath(i).split('/').at(-1)!.slice(0, -3);
}

/** A note of about 1 KB with front matter and two links to other generated notes. */
function noteContent(i: number): string {
  const tema = TEMAS[i % TEMAS.length];
  const párrafo = `Hoy pensé otra vez en el ${tema}: las cosas pequeñas se ordenan solas cuando las escribo con calma, y mañana volveré sobre ellas. `;
  return [
    '---',
    `titulo: Nota ${i}`,
    `tags: [${tema}, diario]`,
    '---',
    `# Nota ${i} sobre ${tema}`,
    '',
    párrafo.repeat(6),
    '',
    `Relacionada con [[${noteName((i + 1) % NOTES)}]] y con [[${noteName((i + 7) % NOTES)}|otra nota]].`,
    '',
  ].join('\n');
}

/**
 * The answer to `turno N`: 100 to 200 chunks of five words (500 to 1,000 words), so each
 * stream lasts about 1–3 s.
 */
function answerChunks(message: string): string[] {
  const n = Number(/^turno (\d+)$/.exec(message)?.[1] ?? 0);
  const frase =
    'El jardín amanece mojado y la tierra huele a lluvia, así que hoy toca sembrar despacio. ';
  const all = words(`Respuesta ${n}. ${frase.repeat(70)}`);
  return Array.from({ length: 100 + (n % 5) * 25 }, (_, i) => all.slice(i * 5, i * 5 + 5).join(''));
}

/** Lets callbacks already due run (closed sockets, finished streams) before the next collection. */
const turnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Most collections before giving up on the heap settling (it settles in 2–4). */
const MAX_COLLECTIONS = 20;

/**
 * Collects until the heap stops shrinking, then reads the memory figures: a condition,
 * not a fixed wait, so a busy machine only takes more rounds.
 */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  let previous = Number.POSITIVE_INFINITY;
  for (let i = 0; i < MAX_COLLECTIONS; i++) {
    await turnOfTheLoop();
    await turnOfTheLoop();
    gc();
    const heap = process.memoryUsage().heapUsed;
    if (i >= 2 && heap >= previous) break;
    previous = heap;
  }
  gc();
  return process.memoryUsage();
}

/** Ref'd timers alive now (an undisposed interval, a heartbeat or a time-out left armed). */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

describe('memory after 50 streaming answers and concurrent vault readers', () => {
  let upstream: FakeUpstream;
  let ctx: TestApp;
  let cookie: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const notes: Record<string, string> = {};
    for (let i = 0; i < NOTES; i++) notes[notePath(i)] = noteContent(i);
    ctx = await buildTestApp({
      notes,
      harness: fakeProviders(upstream.url, { a: 'lento' }, LINK_TIMEOUT_MS),
    });
    await ctx.vault.ready();
    cookie = await ctx.login();
    // The answer's length depends on the user's message, the last one the upstream gets.
    upstream.setScript((req) => {
      const body = req.body as { messages: { content: string }[] };
      const chunks = answerChunks(body.messages.at(-1)?.content ?? '');
      return { kind: 'text', chunks, delayMs: CHUNK_EVERY_MS };
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await upstream?.close();
  });

  const headers = () => ({ host: HOST, origin: ORIGIN, cookie });

  /** One turn; returns only what the assertions need, so the events are garbage afterwards. */
  async function turn(message: string): Promise<{ text: string; last: string | undefined }> {
    const res = await ctx.app.request('/api/chat', {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => ChatEventSchema.parse(JSON.parse(l.slice(6))));
    const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    const end = events.at(-1);
    // An error says why in the failure report (its code and message), not only that it was one.
    return { text, last: end?.type === 'error' ? `error ${end.code}: ${end.message}` : end?.type };
  }

  async function get(path: string): Promise<unknown> {
    const res = await ctx.app.request(path, { headers: headers() });
    expect(res.status, path).toBe(200);
    return res.json();
  }

  /** Notes below `folder`, read as the PWA's tree does: one folder at a time. */
  async function countNotes(folder: string): Promise<number> {
    const { rows } = FolderRowsSchema.parse(
      await get(`/api/vault/folder?path=${encodeURIComponent(folder)}`),
    );
    const counts = await Promise.all(
      rows.map((r) => (r.type === 'folder' ? countNotes(r.path) : r.type === 'note' ? 1 : 0)),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /** One round of what a browser reads: folders, manifest, one note, a batch. Throws on anything wrong. */
  async function readRound(i: number): Promise<void> {
    const notesInFolders = await countNotes('');
    const manifest = ManifestSchema.parse(await get('/api/vault/manifest'));
    expect(notesInFolders).toBe(manifest.notes.length);
    expect(manifest.notes.length).toBeGreaterThanOrEqual(NOTES);
    const k = i % NOTES;
    const note = NoteSchema.parse(
      await get(`/api/vault/note?path=${encodeURIComponent(notePath(k))}`),
    );
    expect(note.content).toBe(noteContent(k));
    expect(note.links.map((l) => l.resolved)).toEqual([
      notePath((k + 1) % NOTES),
      notePath((k + 7) % NOTES),
    ]);
    const paths = Array.from({ length: 20 }, (_, j) => notePath((k + j * 13) % NOTES));
    const res = await ctx.app.request('/api/vault/batch', {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ paths }),
    });
    expect(res.status).toBe(200);
    const batch = NotesBatchSchema.parse(await res.json());
    expect(batch.missing).toEqual([]);
    expect(batch.notes.map((n) => n.path)).toEqual(paths);
  }

  /** Opens `/api/events`, waits for `ready`, and returns a function that hangs up. */
  async function watch(): Promise<() => Promise<void>> {
    const res = await ctx.app.request('/api/events', { headers: headers() });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: ready');
    return () => reader.cancel();
  }

  /**
   * The load: WATCHERS event streams open, CLIENTS answers streaming at once and READERS
   * reading the vault in a loop until the last answer ends. Asserts that every answer came
   * whole and every read was right; keeps nothing of them.
   */
  async function load(): Promise<{ reads: number; seconds: number }> {
    const started = performance.now();
    const hangUps = await Promise.all(Array.from({ length: WATCHERS }, watch));
    let streaming = true;
    let reads = 0;
    const reader = async (r: number) => {
      for (let i = r; streaming; i += READERS) {
        await readRound(i);
        reads++;
      }
    };
    const readers = Promise.all(Array.from({ length: READERS }, (_, r) => reader(r)));
    // The readers stop once the last answer ends; a failing reader or turn fails at once.
    const turns = Promise.all(
      Array.from({ length: CLIENTS }, (_, n) => turn(`turno ${n}`)),
    ).finally(() => {
      streaming = false;
    });
    const [results] = await Promise.all([turns, readers]);
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(hangUps.map((h) => h()));
    for (const [n, { text, last }] of results.entries()) {
      expect(last, `turno ${n}`).toBe('done');
      expect(text, `turno ${n}`).toBe(answerChunks(`turno ${n}`).join(''));
    }
    expect(reads).toBeGreaterThanOrEqual(READERS);
    expect(upstream.requests).toHaveLength(CLIENTS);
    expect(upstream.requests.every((r) => !r.aborted)).toBe(true);
    // The fake's record of the requests is the test's, not the app's: drop it.
    upstream.requests.length = 0;
    return { reads, seconds };
  }

  // Memory is asserted, never time: the time-out only stops a hang. The test takes 7–20 s
  // depending on what else runs on the machine.
  it('completes every stream and read, and the heap returns near idle afterwards', async () => {
    // Warm-up: the same load once, so lazy modules, JIT code, caches and the pooled upstream
    // connections are in the baseline rather than mistaken for a leak.
    await load();
    const timersBefore = activeTimers();
    const before = await settledMemory();

    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 50);
    const { reads, seconds } = await load();
    clearInterval(sampler);

    const after = await settledMemory();
    const timersAfter = activeTimers();
    const offHeap = (m: NodeJS.MemoryUsage) => m.external + m.arrayBuffers;
    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    console.log(
      `[load-memory] ${CLIENTS} streams + ${reads} read rounds in ${seconds.toFixed(1)} s; ` +
        `heapUsed ${mb(before.heapUsed)} → peak ${mb(peakHeap)} → ${mb(after.heapUsed)} MB ` +
        `(Δ ${((after.heapUsed - before.heapUsed) / MB).toFixed(2)}); ` +
        `external+arrayBuffers ${mb(offHeap(before))} → ${mb(offHeap(after))} MB ` +
        `(Δ ${((offHeap(after) - offHeap(before)) / MB).toFixed(2)}); ` +
        `rss ${mb(before.rss)} → peak ${mb(peakRss)} → ${mb(after.rss)} MB; ` +
        `timers ${timersBefore} → ${timersAfter}`,
    );

    expect(after.heapUsed).toBeLessThanOrEqual(before.heapUsed + HEAP_MARGIN_BYTES);
    expect(offHeap(after)).toBeLessThanOrEqual(offHeap(before) + EXTERNAL_MARGIN_BYTES);
    // No heartbeat, idle time-out or debounce left armed by a finished stream or reader.
    expect(timersAfter).toBeLessThanOrEqual(timersBefore);
  });
});
