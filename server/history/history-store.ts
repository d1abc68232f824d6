import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  type HistoryEntry,
  HistoryEntrySchema,
  type HistoryUsage,
} from '../../common/history-schemas.ts';
import { appendDurably, syncDir } from '../storage/durable-file.ts';
import {
  byPath,
  INDEX_FILE,
  type Line,
  LineSchema,
  type Location,
  PACK_RE,
  packNumber,
  safeJson,
  TEMP_PREFIX,
  writeTemp,
} from './history-files.ts';
import { closeAll, type Handles, holds, readVersion } from './history-packs.ts';
import { carry, type PrunePlan, remapped } from './history-prune.ts';
import { type HistoryRetention, keptEntries } from './history-retention.ts';

/** Where the history lives under the config folder. */
export const HISTORY_DIR = 'history';
/** How often retention by age runs at most (size is checked after every write). */
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/** The durable steps of {@link HistoryStore.record}, named so a crash test can stop between them. */
export type HistoryStep = 'kept';
/**
 * The steps of a prune: kept bytes copied to a hidden temp file, that file named as a
 * pack, the index switched to it; a test pauses or kills the prune after each.
 */
export type PruneStep = 'copied' | 'packed' | 'switched';

export interface HistoryOptions {
  /** Runs after each prune step; only tests pass one. */
  pruneStep?: (s: PruneStep) => Promise<void>;
  /** Where a prune that failed is told (it runs after the write it followed answered). */
  log?: (line: string) => void;
}

interface Loaded {
  lines: Line[];
  byPath: Map<string, Line[]>;
  /** Where each hash was last kept (checked against its bytes before reuse). */
  where: Map<string, Location>;
  /** The pack new bytes are appended to, and its size. */
  pack: { name: string; size: number };
  /** The index's last line was cut by a crash: the next one starts on a new line. */
  tail: boolean;
}

const entryOf = ({ at: _at, ...entry }: Line): HistoryEntry => entry;

/**
 * The write history: every approved version of every file SOMA wrote, outside the vault
 * (`<configDir>/history/`, folder 0700, files 0600). The bytes of each version are kept
 * once per SHA-256, appended to a pack file; `index.jsonl` has one line per write naming
 * the hashes and where their bytes are. A version that is an earlier one plus an appended
 * end (a line on a log) keeps only that end, so such a write costs the line, not the file.
 * `record` returns once both are fdatasynced (in parallel: a line whose bytes did not land
 * names a write that did not happen either, since the caller writes the vault only after
 * `record`); it throws when they cannot be kept, and the caller then must not write. Every
 * read checks bytes against their hash. Retention runs after a write has answered, one
 * prune at a time, while further writes go on (see {@link HistoryStore.prune}).
 */
export class HistoryStore {
  readonly dir: string;
  readonly #retention: () => HistoryRetention;
  readonly #clock: () => number;
  readonly #options: HistoryOptions;
  #lock: Promise<unknown> = Promise.resolve();
  #loaded: Loaded | null = null;
  #lastPrune = 0;
  /** The bytes the last prune kept: size alone prunes again only once it grew since. */
  #prunedSize = 0;
  /** The prune running or queued, settled (never rejects). */
  #pruning: Promise<void> | null = null;
  /** A retention check is queued: more writes meanwhile need no other. */
  #checkQueued = false;

  constructor(
    configDir: string,
    retention: () => HistoryRetention,
    clock: () => number = Date.now,
    options: HistoryOptions = {},
  ) {
    this.dir = path.join(configDir, HISTORY_DIR);
    this.#retention = retention;
    this.#clock = clock;
    this.#options = options;
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#lock.then(task);
    this.#lock = next.catch(() => {});
    return next;
  }

  async #load(): Promise<Loaded> {
    if (this.#loaded) return this.#loaded;
    const text = await readFile(path.join(this.dir, INDEX_FILE), 'utf8').catch(
      (err: NodeJS.ErrnoException) => {
        // No history yet, or a file in the folder's place (record then refuses to write).
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return '';
        throw err;
      },
    );
    const lines: Line[] = [];
    for (const raw of text.split('\n')) {
      const parsed = LineSchema.safeParse(safeJson(raw));
      if (parsed.success) lines.push(parsed.data);
    }
    const where = new Map<string, Location>();
    for (const l of lines) for (const [h, loc] of Object.entries(l.at)) where.set(h, loc);
    const packs = (await readdir(this.dir).catch(() => [] as string[])).filter((n) =>
      PACK_RE.test(n),
    );
    const newest = packs.sort((a, b) => packNumber(b) - packNumber(a))[0] ?? 'pack-1.bin';
    const size = (await stat(path.join(this.dir, newest)).catch(() => null))?.size ?? 0;
    this.#loaded = {
      lines,
      byPath: byPath(lines),
      where,
      pack: { name: newest, size },
      tail: text !== '' && !text.endsWith('\n'),
    };
    return this.#loaded;
  }

  /**
   * Keeps `before` and `after` (null: no such file) and appends `entry`, whose hashes are
   * of these bytes; resolves once both are durable. `appended`: `after` is `before` with
   * that many bytes added at its end, and only those are kept for it. `step` runs after
   * that (the crash test stops the process there). A prune that is due starts once the
   * write has answered.
   */
  async record(
    entry: HistoryEntry,
    bytes: { before: Buffer | null; after: Buffer | null; appended?: number },
    step?: (s: HistoryStep) => Promise<void>,
  ): Promise<void> {
    await this.#exclusive(() => this.#record(entry, bytes, step));
    // Not awaited: the write has its answer. One check waits behind a running prune.
    if (this.#checkQueued) return;
    this.#checkQueued = true;
    this.#queue(() => {
      this.#checkQueued = false;
      return this.#pruneIfDue();
    }).catch((err) => this.#log(err));
  }

  async #record(
    entry: HistoryEntry,
    bytes: { before: Buffer | null; after: Buffer | null; appended?: number },
    step?: (s: HistoryStep) => Promise<void>,
  ): Promise<void> {
    // A file in the folder's place makes mkdir throw (EEXIST, ENOTDIR) or stat tell.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    if (!(await stat(this.dir)).isDirectory()) throw new Error(`${this.dir} is not a folder`);
    const loaded = await this.#load();
    const parsed = HistoryEntrySchema.parse(entry);
    const { before, after, appended = 0 } = bytes;
    const onBefore =
      before !== null &&
      after !== null &&
      appended > 0 &&
      after.length === before.length + appended &&
      after.subarray(0, before.length).equals(before);
    const at: Record<string, Location> = {};
    const fresh: Buffer[] = [];
    let offset = loaded.pack.size;
    const keep = async (data: Buffer | null, hash: string | null, base: string | null) => {
      if (!data || !hash || at[hash]) return;
      const known = loaded.where.get(hash);
      if (known && (await holds(this.dir, known, data, loaded.where))) {
        at[hash] = known;
        return;
      }
      const piece = base ? data.subarray(data.length - appended) : data;
      at[hash] = base
        ? [loaded.pack.name, offset, piece.length, base]
        : [loaded.pack.name, offset, piece.length];
      offset += piece.length;
      fresh.push(piece);
    };
    await keep(before, parsed.before, null);
    await keep(after, parsed.after, onBefore ? parsed.before : null);
    const line: Line = { ...parsed, at };
    const packFile = path.join(this.dir, loaded.pack.name);
    const newPack = loaded.pack.size === 0;
    try {
      await Promise.all([
        fresh.length > 0 ? appendDurably(packFile, Buffer.concat(fresh)) : null,
        appendDurably(
          path.join(this.dir, INDEX_FILE),
          `${loaded.tail ? '\n' : ''}${JSON.stringify(line)}\n`,
        ),
      ]);
      // A new file's name is durable once its folder is synced (a new pack, or the index).
      if (newPack || loaded.lines.length === 0) await syncDir(this.dir);
    } catch (err) {
      // Sizes may be off after a partial append: read them from disk next time.
      this.#loaded = null;
      throw err;
    }
    loaded.pack.size = offset;
    loaded.tail = false;
    loaded.lines.push(line);
    for (const [h, loc] of Object.entries(at)) loaded.where.set(h, loc);
    const group = loaded.byPath.get(line.path);
    if (group) group.push(line);
    else loaded.byPath.set(line.path, [line]);
    await step?.('kept');
  }

  /** The writes of vault path `rel`, oldest first. */
  async entries(rel: string): Promise<HistoryEntry[]> {
    return ((await this.#load()).byPath.get(rel) ?? []).map(entryOf);
  }

  /** The bytes kept for `hash`, checked against it; null when they are not kept (or damaged). */
  async blob(hash: string): Promise<Buffer | null> {
    return readVersion(this.dir, hash, (await this.#load()).where);
  }

  /** What the history takes on disk now. */
  async usage(): Promise<HistoryUsage> {
    const loaded = await this.#load();
    let bytes = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (name === INDEX_FILE || PACK_RE.test(name)) {
        bytes += (await stat(path.join(this.dir, name)).catch(() => null))?.size ?? 0;
      }
    }
    return { bytes, entries: loaded.lines.length };
  }

  #log(err: unknown): void {
    (this.#options.log ?? console.error)(
      `[history] la limpieza del historial falló: ${String(err)}`,
    );
  }

  /**
   * Applies the retention now, after any prune already running (it also runs by itself
   * after writes); rejects when this prune fails.
   */
  prune(): Promise<void> {
    return this.#queue(() => this.#prune());
  }

  /** Runs `task` after the prune running or queued, one at a time. */
  #queue(task: () => Promise<void>): Promise<void> {
    const run = (this.#pruning ?? Promise.resolve()).then(task);
    const settled: Promise<void> = run.then(
      () => {},
      () => {},
    );
    this.#pruning = settled;
    void settled.then(() => {
      if (this.#pruning === settled) this.#pruning = null;
    });
    return run;
  }

  /** Resolves once no prune runs (a test or the bench waits for the one a write started). */
  async pruned(): Promise<void> {
    while (this.#pruning) await this.#pruning;
  }

  async #pruneIfDue(): Promise<void> {
    const { maxMegabytes } = this.#retention();
    const max = maxMegabytes * 1024 * 1024;
    const { bytes } = await this.usage();
    const over = bytes > max && bytes - this.#prunedSize > max / 10;
    if (over || this.#clock() - this.#lastPrune > PRUNE_EVERY_MS) await this.#prune();
  }

  /**
   * Copies the bytes retention keeps into a new pack, then switches the index to it
   * (temp file, fsync, rename), then deletes the old packs. Writes go on meanwhile: the
   * first, locked step starts a fresh pack for them, and the last, locked again, carries
   * over what the lines written since name in the old packs. A crash before the switch
   * leaves the old index and packs whole; after it, only unused packs, which the next
   * prune deletes (it replaces every pack it finds). The latest write of every note, and
   * every write made during the prune, keep all their versions.
   */
  async #prune(): Promise<void> {
    const plan = await this.#exclusive(() => this.#plan());
    if (!plan) return;
    const step = this.#options.pruneStep;
    const moved = new Map<string, Location>();
    const handles: Handles = new Map();
    try {
      let offset = 0;
      const target = path.join(this.dir, plan.name);
      const tmp = await writeTemp(this.dir, async (handle) => {
        const put = async (data: Buffer) => {
          await handle.writeFile(data);
          offset += data.length;
          return offset - data.length;
        };
        for (const line of plan.kept) {
          for (const h of Object.keys(line.at))
            await carry(this.dir, h, plan, plan.where, moved, handles, put);
        }
      });
      await step?.('copied');
      await this.#exclusive(async () => {
        const loaded = await this.#load();
        const since = loaded.lines.slice(plan.count);
        const late: Buffer[] = [];
        const put = async (data: Buffer) => {
          late.push(data);
          offset += data.length;
          return offset - data.length;
        };
        for (const line of since) {
          for (const h of Object.keys(line.at))
            await carry(this.dir, h, plan, loaded.where, moved, handles, put);
        }
        if (late.length > 0) await appendDurably(tmp, Buffer.concat(late));
        await rename(tmp, target);
        await step?.('packed');
        const lines = remapped([...plan.kept, ...since], plan, moved, loaded.where);
        const tmpIndex = await writeTemp(this.dir, (handle) =>
          handle.writeFile(lines.map((l) => `${JSON.stringify(l)}\n`).join('')),
        );
        await rename(tmpIndex, path.join(this.dir, INDEX_FILE));
        await syncDir(this.dir);
        await step?.('switched');
        await closeAll(handles);
        handles.clear();
        for (const old of plan.old) await unlink(path.join(this.dir, old)).catch(() => {});
        this.#loaded = null;
        // What the prune kept, without the writes made meanwhile: those count as growth.
        this.#prunedSize = offset;
      });
    } finally {
      await closeAll(handles);
    }
  }

  /** The prune's first step, under the lock: what to keep, and a fresh pack for new writes. */
  async #plan(): Promise<PrunePlan | null> {
    this.#lastPrune = this.#clock();
    const loaded = await this.#load();
    const names = await readdir(this.dir).catch(() => [] as string[]);
    // Temp files a crash left behind (none is in use: only a prune makes them, one at a time).
    for (const n of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
      await unlink(path.join(this.dir, n)).catch(() => {});
    }
    const packs = names.filter((n) => PACK_RE.test(n));
    const size = (h: string) => loaded.where.get(h)?.[2] ?? 0;
    const kept = keptEntries(loaded.lines, this.#retention(), this.#clock(), size);
    if (kept.length === loaded.lines.length && packs.length <= 1) {
      this.#prunedSize = loaded.pack.size;
      return null;
    }
    const top = Math.max(0, packNumber(loaded.pack.name), ...packs.map(packNumber));
    // Writes made during the prune go to a pack of their own, which the prune keeps.
    loaded.pack = { name: `pack-${top + 1}.bin`, size: 0 };
    return {
      count: loaded.lines.length,
      kept,
      where: new Map(loaded.where),
      old: new Set(packs),
      name: `pack-${top + 2}.bin`,
    };
  }
}
