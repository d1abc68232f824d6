import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  type HistoryEntry,
  HistoryEntrySchema,
  type HistoryUsage,
} from '../../common/history-schemas.ts';
import {
  appendDurably,
  byPath,
  INDEX_FILE,
  type Line,
  LineSchema,
  type Location,
  PACK_RE,
  packNumber,
  safeJson,
  syncDir,
  TEMP_PREFIX,
  writeTemp,
} from './history-files.ts';
import { type HistoryRetention, keptEntries } from './history-retention.ts';

/** Where the history lives under the config folder. */
export const HISTORY_DIR = 'history';
/** How often retention by age runs at most (size is checked after every write). */
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/** The durable steps of {@link HistoryStore.record}, named so a crash test can stop between them. */
export type HistoryStep = 'kept';

interface Loaded {
  lines: Line[];
  byPath: Map<string, Line[]>;
  /** Where each hash was last kept (checked against its hash before reuse). */
  where: Map<string, Location>;
  /** The pack new bytes are appended to, and its size. */
  pack: { name: string; size: number };
  /** The index's last line was cut by a crash: the next one starts on a new line. */
  tail: boolean;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const entryOf = ({ at: _at, ...entry }: Line): HistoryEntry => entry;

/**
 * The write history: every approved version of every file SOMA wrote, outside the vault
 * (`<configDir>/history/`, folder 0700, files 0600). The bytes of each version are kept
 * once per SHA-256, appended to a pack file; `index.jsonl` has one line per write naming
 * the hashes and where their bytes are. `record` returns once both are fdatasynced (in
 * parallel: a line whose bytes did not land names a write that did not happen either,
 * since the caller writes the vault only after `record`); it throws when they cannot be
 * kept, and the caller then must not write. Every read checks bytes against their hash.
 */
export class HistoryStore {
  readonly dir: string;
  readonly #retention: () => HistoryRetention;
  readonly #clock: () => number;
  #lock: Promise<unknown> = Promise.resolve();
  #loaded: Loaded | null = null;
  #lastPrune = 0;
  /** The pack's size after the last prune: size alone prunes again only once it grew since. */
  #prunedSize = 0;

  constructor(
    configDir: string,
    retention: () => HistoryRetention,
    clock: () => number = Date.now,
  ) {
    this.dir = path.join(configDir, HISTORY_DIR);
    this.#retention = retention;
    this.#clock = clock;
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

  /** The bytes at `loc`, or null when they are not there or are not `hash`'s. */
  async #read(hash: string, loc: Location | undefined): Promise<Buffer | null> {
    if (!loc) return null;
    const [pack, offset, length] = loc;
    const handle = await open(path.join(this.dir, pack), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const data = Buffer.alloc(length);
      const { bytesRead } = await handle.read(data, 0, length, offset);
      return bytesRead === length && sha256(data) === hash ? data : null;
    } finally {
      await handle.close();
    }
  }

  /**
   * Keeps `before` and `after` (null: no such file) and appends `entry`; resolves once
   * both are durable. `step` runs after that (the crash test stops the process there).
   */
  record(
    entry: HistoryEntry,
    bytes: { before: Buffer | null; after: Buffer | null },
    step?: (s: HistoryStep) => Promise<void>,
  ): Promise<void> {
    return this.#exclusive(async () => {
      // A file in the folder's place makes mkdir throw (EEXIST, ENOTDIR) or stat tell.
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      if (!(await stat(this.dir)).isDirectory()) throw new Error(`${this.dir} is not a folder`);
      const loaded = await this.#load();
      const at: Record<string, Location> = {};
      const fresh: Buffer[] = [];
      let offset = loaded.pack.size;
      for (const data of [bytes.before, bytes.after]) {
        if (!data) continue;
        const hash = sha256(data);
        if (at[hash]) continue;
        const known = loaded.where.get(hash);
        if (known && (await this.#read(hash, known))) {
          at[hash] = known;
          continue;
        }
        at[hash] = [loaded.pack.name, offset, data.length];
        offset += data.length;
        fresh.push(data);
      }
      const line: Line = { ...HistoryEntrySchema.parse(entry), at };
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
      await this.#pruneIfDue();
    });
  }

  /** The writes of vault path `rel`, oldest first. */
  async entries(rel: string): Promise<HistoryEntry[]> {
    return ((await this.#load()).byPath.get(rel) ?? []).map(entryOf);
  }

  /** The bytes kept for `hash`, checked against it; null when they are not kept (or damaged). */
  async blob(hash: string): Promise<Buffer | null> {
    return this.#read(hash, (await this.#load()).where.get(hash));
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

  /** Applies the retention now (it also runs by itself after writes). */
  prune(): Promise<void> {
    return this.#exclusive(() => this.#prune());
  }

  async #pruneIfDue(): Promise<void> {
    const { maxMegabytes } = this.#retention();
    const loaded = await this.#load();
    const max = maxMegabytes * 1024 * 1024;
    const over = loaded.pack.size > max && loaded.pack.size - this.#prunedSize > max / 10;
    if (over || this.#clock() - this.#lastPrune > PRUNE_EVERY_MS) await this.#prune();
  }

  /**
   * Copies the bytes of the entries retention keeps into a new pack, then switches the
   * index to it (temp file, fsync, rename), then deletes the old packs. A crash before
   * the switch leaves the old index and packs whole; after it, only unused packs, which
   * the next prune deletes.
   */
  async #prune(): Promise<void> {
    this.#lastPrune = this.#clock();
    const loaded = await this.#load();
    const size = (h: string) => loaded.where.get(h)?.[2] ?? 0;
    const kept = new Set(keptEntries(loaded.lines, this.#retention(), this.#clock(), size));
    const names = await readdir(this.dir).catch(() => [] as string[]);
    // Temp files a crash left behind (none is in use: this runs alone).
    for (const n of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
      await unlink(path.join(this.dir, n)).catch(() => {});
    }
    const packs = names.filter((n) => PACK_RE.test(n));
    this.#prunedSize = loaded.pack.size;
    if (kept.size === loaded.lines.length && packs.length <= 1) return;
    const name = `pack-${Math.max(0, ...packs.map(packNumber)) + 1}.bin`;
    const moved = new Map<string, Location>();
    const tmpPack = await writeTemp(this.dir, async (handle) => {
      let offset = 0;
      for (const line of kept) {
        for (const h of Object.keys(line.at)) {
          if (moved.has(h)) continue;
          const data = await this.#read(h, loaded.where.get(h));
          if (!data) continue;
          await handle.writeFile(data);
          moved.set(h, [name, offset, data.length]);
          offset += data.length;
        }
      }
    });
    await rename(tmpPack, path.join(this.dir, name));
    const lines: Line[] = [...kept].map((l) => {
      const at: Record<string, Location> = {};
      for (const h of Object.keys(l.at)) {
        const loc = moved.get(h);
        if (loc) at[h] = loc;
      }
      return { ...l, at };
    });
    const tmpIndex = await writeTemp(this.dir, (handle) =>
      handle.writeFile(lines.map((l) => `${JSON.stringify(l)}\n`).join('')),
    );
    await rename(tmpIndex, path.join(this.dir, INDEX_FILE));
    await syncDir(this.dir);
    for (const old of packs) await unlink(path.join(this.dir, old)).catch(() => {});
    this.#loaded = null;
    this.#prunedSize = (await this.#load()).pack.size;
  }
}
