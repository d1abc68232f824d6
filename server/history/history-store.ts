import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  type HistoryEntry,
  HistoryEntrySchema,
  type HistoryUsage,
} from '../../common/history-schemas.ts';
import { type HistoryRetention, keptEntries } from './history-retention.ts';

/** Where the history lives under the config folder. */
export const HISTORY_DIR = 'history';
const INDEX_FILE = 'index.jsonl';
const BLOBS_DIR = 'blobs';
const TEMP_PREFIX = '.tmp-';
/** How often retention by age runs at most (size is checked after every write). */
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/** The durable steps of {@link HistoryStore.record}, named so a crash test can stop between them. */
export type HistoryStep = 'blobs' | 'index';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** fsync of a folder makes the renames and new names in it durable. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The write history: every approved version of every file SOMA wrote, outside the vault
 * (`<configDir>/history/`, folders 0700, files 0600). Bytes are kept once per SHA-256 in
 * `blobs/`; `index.jsonl` has one line per write. `record` returns only once the bytes and
 * the line are fsynced, so the write it precedes can always be undone; it throws when they
 * cannot be kept, and the caller then must not write. Index work runs one at a time.
 */
export class HistoryStore {
  readonly dir: string;
  readonly #retention: () => HistoryRetention;
  readonly #clock: () => number;
  #lock: Promise<unknown> = Promise.resolve();
  #loaded: { byPath: Map<string, HistoryEntry[]>; all: HistoryEntry[]; tail: boolean } | null =
    null;
  /** Blob sizes by hash, read from disk on first use. */
  #blobs: Map<string, number> | null = null;
  #lastPrune = 0;

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

  async #load() {
    if (this.#loaded) return this.#loaded;
    const text = await readFile(path.join(this.dir, INDEX_FILE), 'utf8').catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return '';
        throw err;
      },
    );
    const all: HistoryEntry[] = [];
    for (const line of text.split('\n')) {
      // A line cut by a crash is not an entry: its write never started (record fsyncs first).
      const parsed = HistoryEntrySchema.safeParse(safeJson(line));
      if (parsed.success) all.push(parsed.data);
    }
    // A cut last line would glue onto the next one: the next append starts on a new line.
    this.#loaded = { byPath: byPath(all), all, tail: text !== '' && !text.endsWith('\n') };
    return this.#loaded;
  }

  async #blobSizes(): Promise<Map<string, number>> {
    if (this.#blobs) return this.#blobs;
    const sizes = new Map<string, number>();
    const names = await readdir(path.join(this.dir, BLOBS_DIR)).catch(() => [] as string[]);
    for (const name of names) {
      if (!/^[0-9a-f]{64}$/.test(name)) continue;
      const info = await stat(path.join(this.dir, BLOBS_DIR, name)).catch(() => null);
      if (info?.isFile()) sizes.set(name, info.size);
    }
    this.#blobs = sizes;
    return sizes;
  }

  async #ensureDirs(): Promise<void> {
    for (const dir of [this.dir, path.join(this.dir, BLOBS_DIR)]) {
      // A file in the folder's place makes mkdir throw (EEXIST, ENOTDIR) or stat tell.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
    }
  }

  /** Writes `data` as `blobs/<sha256>` unless it is there already; false when it was. */
  async #putBlob(data: Buffer): Promise<boolean> {
    const hash = sha256(data);
    const sizes = await this.#blobSizes();
    const file = path.join(this.dir, BLOBS_DIR, hash);
    const there = await stat(file).catch(() => null);
    if (there?.isFile() && there.size === data.length) return false;
    const tmp = path.join(this.dir, BLOBS_DIR, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    const handle = await open(tmp, 'wx', 0o600);
    try {
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
    sizes.set(hash, data.length);
    return true;
  }

  /**
   * Keeps `before` and `after` (null: no such file) and appends `entry`, all fsynced, in
   * that order: an index line never names bytes that are not on disk. `step` runs after
   * each durable step (the crash test stops the process there).
   */
  record(
    entry: HistoryEntry,
    bytes: { before: Buffer | null; after: Buffer | null },
    step?: (s: HistoryStep) => Promise<void>,
  ): Promise<void> {
    return this.#exclusive(async () => {
      await this.#ensureDirs();
      const loaded = await this.#load();
      let added = false;
      for (const b of [bytes.before, bytes.after]) if (b && (await this.#putBlob(b))) added = true;
      if (added) await syncDir(path.join(this.dir, BLOBS_DIR));
      await step?.('blobs');
      const line = `${loaded.tail ? '\n' : ''}${JSON.stringify(HistoryEntrySchema.parse(entry))}\n`;
      const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
      const handle = await open(path.join(this.dir, INDEX_FILE), flags, 0o600);
      try {
        await handle.write(line);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      loaded.tail = false;
      loaded.all.push(entry);
      const mine = loaded.byPath.get(entry.path);
      if (mine) mine.push(entry);
      else loaded.byPath.set(entry.path, [entry]);
      await step?.('index');
      await this.#pruneIfDue();
    });
  }

  /** The writes of vault path `rel`, oldest first. */
  async entries(rel: string): Promise<HistoryEntry[]> {
    return [...((await this.#load()).byPath.get(rel) ?? [])];
  }

  /** The bytes kept for `hash`, checked against it; null when they are not kept (or damaged). */
  async blob(hash: string): Promise<Buffer | null> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return null;
    const data = await readFile(path.join(this.dir, BLOBS_DIR, hash)).catch(() => null);
    return data && sha256(data) === hash ? data : null;
  }

  /** What the history takes on disk now. */
  async usage(): Promise<HistoryUsage> {
    const sizes = await this.#blobSizes();
    let bytes = 0;
    for (const n of sizes.values()) bytes += n;
    const index = await stat(path.join(this.dir, INDEX_FILE)).catch(() => null);
    return { bytes: bytes + (index?.size ?? 0), entries: (await this.#load()).all.length };
  }

  /** Applies the retention now (it also runs by itself after writes). */
  prune(): Promise<void> {
    return this.#exclusive(() => this.#prune());
  }

  async #pruneIfDue(): Promise<void> {
    const { maxMegabytes } = this.#retention();
    const { bytes } = await this.usage();
    if (bytes > maxMegabytes * 1024 * 1024 || this.#clock() - this.#lastPrune > PRUNE_EVERY_MS) {
      await this.#prune();
    }
  }

  /**
   * Rewrites the index with the entries retention keeps (temp file, fsync, rename), then
   * deletes the blobs no kept entry names (and temp files a crash left). A crash between
   * the two leaves unnamed blobs, which the next prune deletes.
   */
  async #prune(): Promise<void> {
    this.#lastPrune = this.#clock();
    const loaded = await this.#load();
    const sizes = await this.#blobSizes();
    const kept = keptEntries(
      loaded.all,
      this.#retention(),
      this.#clock(),
      (h) => sizes.get(h) ?? 0,
    );
    if (kept.length < loaded.all.length) {
      const tmp = path.join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      const handle = await open(tmp, 'wx', 0o600);
      try {
        await handle.writeFile(kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, path.join(this.dir, INDEX_FILE));
      await syncDir(this.dir);
      this.#loaded = { byPath: byPath(kept), all: kept, tail: false };
    }
    const named = new Set(kept.flatMap((e) => [e.before, e.after]));
    for (const name of await readdir(path.join(this.dir, BLOBS_DIR)).catch(() => [] as string[])) {
      if (named.has(name)) continue;
      await unlink(path.join(this.dir, BLOBS_DIR, name)).catch(() => {});
      sizes.delete(name);
    }
  }
}

/** Entries grouped by path, each group oldest first. */
function byPath(all: HistoryEntry[]): Map<string, HistoryEntry[]> {
  const map = new Map<string, HistoryEntry[]>();
  for (const e of all) {
    const group = map.get(e.path);
    if (group) group.push(e);
    else map.set(e.path, [e]);
  }
  return map;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
