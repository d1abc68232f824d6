import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUDIT_LOG_PATH, SYNAPSE_LOG_PATH } from '../common/proposal-schemas.ts';
import { historyRoutes } from '../server/history/history-routes.ts';
import { HistoryStore } from '../server/history/history-store.ts';
import { type LandDeps, landWrite } from '../server/proposals/land-write.ts';
import type { StoredProposal } from '../server/proposals/proposal-store.ts';
import { appendLine, removeFile, stageAtomic } from '../server/proposals/vault-writer.ts';
import { sha256Hex } from '../server/vault/current-file.ts';
import { type BenchResult, median, round2 } from './results.ts';

/** The note the write figure rewrites: about 20 KB, a long note. */
const NOTE_BYTES = 20 * 1024;
/** Notes in the vault of the list figure, and writes to the one note it lists. */
const VAULT_NOTES = 10_000;
const WRITES = 1_000;
/** Timed lists of that note's history. */
const LISTS = 50;
const RETENTION = () => ({ keepDays: 90, maxMegabytes: 200 });
/** Lines already in the synapse log of the append figure (about 2 MB), and lines approved on it. */
const LOG_LINES = 10_000;
const APPENDS = 40;

const writer = { stageAtomic, appendLine, removeFile };
const session = { id: 'bench', label: 'bench' };
let seq = 0;

/** A note's text of NOTE_BYTES with `n` in it, so every write brings new bytes. */
function noteText(n: number): string {
  const line = `Línea de la nota de prueba número ${n}, con acentos y algo de texto.\n`;
  return `# Nota ${n}\n\n${line.repeat(Math.ceil(NOTE_BYTES / line.length))}`.slice(0, NOTE_BYTES);
}

/** A spent proposal overwriting (or creating) `rel`, as confirm hands it to landWrite. */
function proposal(rel: string, content: string, baseHash: string | null): StoredProposal {
  return {
    id: `bench-${seq++}`,
    kind: 'write',
    sessionId: session.id,
    path: rel,
    mode: baseHash ? 'overwrite' : 'create',
    content,
    contentHash: sha256Hex(content),
    baseHash,
    expiresAt: Number.POSITIVE_INFINITY,
    preview: { type: 'full', text: '' },
    state: 'spent',
  };
}

/** Lands one new version of `rel` (which has hash `base`): its time (ms) and new hash. */
async function writeOnce(deps: LandDeps, rel: string, text: string, base: string | null) {
  const p = proposal(rel, text, base);
  const t0 = performance.now();
  const landed = await landWrite(deps, p, { time: Date.now(), session });
  const ms = performance.now() - t0;
  if ('changed' in landed) throw new Error(`${rel} changed under the bench`);
  return [ms, landed.after] as const;
}

/** A spent proposal appending one synapse line, as confirm hands it to landWrite. */
function appendProposal(line: string): StoredProposal {
  return {
    ...proposal(SYNAPSE_LOG_PATH, line, null),
    kind: 'synapse',
    mode: 'append',
  };
}

/** A synapse log line of about 200 bytes, like the ones the answer proposes. */
const logLine = (n: number) =>
  `2026-12-05T00:00:00.000Z | portátil (s1) | [[Nota ${n}]] | notas/nota-${n}.md | …una frase de la respuesta que cita la nota ${n}, con acentos y algo más de texto para llegar…`;

/**
 * Confirm-to-written of an approved synapse line on a log of LOG_LINES lines, with the
 * history kept and without, interleaved: the medians (ms) and the pack's growth per line.
 */
async function appendTimes(base: string, withHistory: LandDeps, without: LandDeps) {
  const timed = { with: [] as number[], without: [] as number[] };
  const roots = { with: join(base, 'log-with'), without: join(base, 'log-without') };
  const text = Array.from({ length: LOG_LINES }, (_, i) => `${logLine(i)}\n`).join('');
  for (const root of Object.values(roots)) {
    await mkdir(join(root, '02_Conciencia', 'sesiones'), { recursive: true });
    await writeFile(join(root, ...SYNAPSE_LOG_PATH.split('/')), text);
  }
  let sizeBefore = 0;
  // The first line on each log is not timed: it keeps the whole log once, as its version before.
  for (let i = -1; i < APPENDS; i++) {
    if (i === 0) {
      await withHistory.history.pruned();
      sizeBefore = (await withHistory.history.usage()).bytes;
    }
    for (const [key, deps] of [
      ['without', without],
      ['with', withHistory],
    ] as const) {
      const t0 = performance.now();
      const landed = await landWrite(
        { ...deps, root: roots[key] },
        appendProposal(logLine(LOG_LINES + i)),
        { time: Date.now(), session },
      );
      if (i >= 0) timed[key].push(performance.now() - t0);
      if ('changed' in landed) throw new Error('the log changed under the bench');
    }
  }
  await withHistory.history.pruned();
  const grown = (await withHistory.history.usage()).bytes - sizeBefore;
  return { with: median(timed.with), without: median(timed.without), perLine: grown / APPENDS };
}

/** Lands `count` new versions of `rel` (which has hash `first`) and returns each one's confirm-to-written time (ms). */
async function writeTimes(
  deps: LandDeps,
  rel: string,
  count: number,
  from: number,
  first: string | null = null,
) {
  const times: number[] = [];
  let base = first;
  for (let i = 0; i < count; i++) {
    const p = proposal(rel, noteText(from + i), base);
    const t0 = performance.now();
    const landed = await landWrite(deps, p, { time: Date.now(), session });
    times.push(performance.now() - t0);
    if ('changed' in landed) throw new Error(`${rel} changed under the bench`);
    base = landed.after;
  }
  return times;
}

/**
 * `synapse.history_write_ratio`: the confirmed write (read and check, audit line, atomic
 * write) with the history kept over the same without it, median of interleaved rounds.
 * `synapse.history_append_ratio`: the same for one approved synapse line on a 10,000-line
 * log (an append must cost the line, not the log).
 * `synapse.history_list_ms`: GET /api/history/note of a note with 1,000 writes in a
 * 10,000-note vault, median over repeated lists (the index is read once, then kept).
 */
export async function benchHistory(runs: number): Promise<BenchResult[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-history-'));
  try {
    const root = join(base, 'vault');
    await mkdir(join(root, 'notas'), { recursive: true });
    const audit = (entry: object) =>
      appendLine(root, AUDIT_LOG_PATH, JSON.stringify(entry)).then(() => {});
    const history = new HistoryStore(join(base, 'config'), RETENTION);
    const withHistory: LandDeps = { root, history, writer, audit, log: () => {} };
    // The same steps with a history that keeps nothing: the write as it was before it.
    const none = { record: async () => {} } as unknown as HistoryStore;
    const without: LandDeps = { ...withHistory, history: none };

    // Alternated write by write, so both see the same moments of a busy disk.
    const pairs = Math.max(20, runs * 15);
    const timed = { with: [] as number[], without: [] as number[] };
    const hashes = { with: null as string | null, without: null as string | null };
    for (let i = 0; i < pairs; i++) {
      for (const [key, deps] of [
        ['without', without],
        ['with', withHistory],
      ] as const) {
        const [ms, hash] = await writeOnce(deps, `a/${key}.md`, noteText(i), hashes[key]);
        timed[key].push(ms);
        hashes[key] = hash;
      }
    }
    const [withMs, withoutMs] = [median(timed.with), median(timed.without)];
    const log = await appendTimes(base, withHistory, without);

    for (let i = 0; i < VAULT_NOTES; i++) {
      await writeFile(join(root, 'notas', `nota-${i}.md`), `# Nota ${i}\n\nTexto.\n`);
    }
    // nota-0 exists: the first write is an overwrite bound to its hash.
    await writeTimes(withHistory, 'notas/nota-0.md', WRITES, 0, sha256Hex('# Nota 0\n\nTexto.\n'));
    const routes = historyRoutes(new HistoryStore(join(base, 'config'), RETENTION), root);
    const list = async () => {
      const t0 = performance.now();
      const res = await routes.request('/note?path=notas/nota-0.md');
      const body = (await res.json()) as { writes: unknown[] };
      if (body.writes.length < WRITES) throw new Error(`listed ${body.writes.length} writes`);
      return performance.now() - t0;
    };
    const cold = await list();
    const lists: number[] = [];
    for (let i = 0; i < LISTS; i++) lists.push(await list());
    return [
      {
        name: 'synapse.history_write_ratio',
        value: round2(withMs / withoutMs),
        unit: 'ratio',
        baseline: { name: 'confirm-to-written without history, ms', value: round2(withoutMs) },
        note: `20 KB note, median of ${timed.with.length} writes each (with history ${round2(withMs)} ms)`,
      },
      {
        name: 'synapse.history_append_ratio',
        value: round2(log.with / log.without),
        unit: 'ratio',
        baseline: { name: 'confirm-to-written without history, ms', value: round2(log.without) },
        note: `one synapse line on a ${LOG_LINES}-line log, median of ${APPENDS} each (with history ${round2(log.with)} ms, history pack and index grow ${Math.round(log.perLine)} B a line)`,
      },
      {
        name: 'synapse.history_list_ms',
        value: round2(median(lists)),
        unit: 'ms',
        note: `${WRITES} writes to one note, ${VAULT_NOTES} notes; first list (index read from disk) ${round2(cold)} ms`,
      },
    ];
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const r of await benchHistory(7)) process.stdout.write(`${JSON.stringify(r)}\n`);
}
