import { realpathSync } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FolderRows, Manifest, Note, VaultEvent } from '../../common/api-schemas.ts';
import type { NotesBatch } from '../../common/chat-schemas.ts';
import { KeyedQueue } from '../../common/keyed-queue.ts';
import { LinkIndex } from '../../common/wikilinks.ts';
import { ApiError } from '../http/api-error.ts';
import { FolderWatcher } from './folder-watcher.ts';
import { type ExportNote, readExportNote } from './read-export-note.ts';
import { releaseMemory } from './release-memory.ts';
import { type CachedEntry, cacheMatches, loadScanCache, saveScanCache } from './scan-cache.ts';
import { ScanProgress } from './scan-progress.ts';
import { TimeSlice } from './time-slice.ts';
import { notANote, toNote } from './vault-note.ts';
import {
  assertRealPathInside,
  isHiddenPath,
  normalizeVaultPath,
  resolveInVault,
} from './vault-path.ts';
import { classifyFile, classifyFileSync, type IndexEntry, walkVault } from './vault-scan.ts';
import { buildFolderRows, buildManifest } from './vault-tree.ts';

/** Default largest note served: bigger Markdown files are listed as `too_large`. */
const DEFAULT_MAX_NOTE_BYTES = 2 * 1024 * 1024;
/** How long a path must stay quiet before it is re-read, so an editor's save burst is one event. */
const DEBOUNCE_MS = 75;

/**
 * The vault on disk, kept in memory: an index of every visible file, a link index for
 * wikilinks, and a watcher so changes made by other programs show up without a restart.
 */
export class Vault {
  private readonly maxNoteBytes: number;
  /** Where the scan is remembered between runs (scan-cache.ts); none in tests by default. */
  private readonly scanCacheFile: string | undefined;
  /** The index's revision when the scan cache was last written. */
  private savedRevision = -1;
  private readonly entries = new Map<string, IndexEntry>();
  private readonly folders = new Set<string>();
  private readonly links = new LinkIndex();
  private readonly listeners = new Set<(e: VaultEvent) => void>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per path, so two refreshes of one file never interleave. */
  private readonly queue = new KeyedQueue();
  private watcher: FolderWatcher | null = null;
  /** Bumped on every change to the index; the manifest is rebuilt only when it moved. */
  private revision = 0;
  private manifestCache: { revision: number; manifest: Manifest } | null = null;
  /** The manifest as the route sends it, made once per revision (see manifestJson). */
  private manifestText: { revision: number; json: string } | null = null;
  /** The first scan, once started (scanNow). */
  private scanned: Promise<void> | null = null;
  /** The scan cache's write after the first scan: nothing waits for it but close(). */
  private savedAfterScan: Promise<void> = Promise.resolve();
  /** While the first scan runs: how far it came (an export follows it). */
  private scanProgress: ScanProgress | null = null;

  constructor(
    readonly root: string,
    opts: { maxNoteBytes?: number; scanCacheFile?: string } = {},
  ) {
    this.maxNoteBytes = opts.maxNoteBytes ?? DEFAULT_MAX_NOTE_BYTES;
    this.scanCacheFile = opts.scanCacheFile;
  }

  /** The vault's display name: its folder's name. */
  get name(): string {
    return path.basename(this.root);
  }

  /**
   * Starts the watcher and, unless `deferScan`, the initial scan, which watches each folder
   * before reading it. Never waits for the scan, so a huge vault does not delay start-up;
   * requests wait for it instead. With `deferScan` the scan starts at `scanNow()` (the server,
   * once its login link is out) or at the first request that needs the index, whichever
   * comes first.
   */
  async start(opts: { deferScan?: boolean } = {}): Promise<void> {
    this.watcher = new FolderWatcher(
      (rel, abs) => this.onFsEvent(rel, abs),
      (message, err) => console.error(`[vault] ${message}:`, err),
    );
    if (!opts.deferScan) void this.scanNow();
  }

  /**
   * The first scan: started now if it has not been, joined if it has (never run twice).
   * Before start() (no watcher, nothing could stay current) and after close(), nothing.
   */
  scanNow(): Promise<void> {
    if (this.scanned) return this.scanned;
    if (!this.watcher) return Promise.resolve();
    const scanned = this.scan();
    this.scanned = scanned;
    scanned.catch((err) => console.error('[vault] error al explorar la bóveda:', err));
    // Not part of the scan: the manifest must not wait for a write and its fsync.
    this.savedAfterScan = scanned.then(
      () => this.saveScanCache(),
      () => {},
    );
    return scanned;
  }

  /** Whether the first scan has started (tests: it runs before any request asks). */
  get scanStarted(): boolean {
    return this.scanned !== null;
  }

  /** Resolves once the first scan is done and every folder is watched (tests, start-up checks). */
  async ready(): Promise<void> {
    await this.scanNow();
  }

  /**
   * Every note and skipped file, sorted. Built once per change to the index (each chat
   * turn lists the vault's notes), so callers must treat it as read-only.
   */
  async manifest(): Promise<Manifest> {
    await this.scanNow();
    return this.currentManifest();
  }

  /** The manifest of the index as it is now (no await: revision and content agree). */
  private currentManifest(): Manifest {
    if (this.manifestCache?.revision !== this.revision) {
      this.manifestCache = { revision: this.revision, manifest: buildManifest(this.entries) };
    }
    return this.manifestCache.manifest;
  }

  /**
   * The manifest as JSON text, serialised once per change to the index: a 10,000-note
   * manifest is over a megabyte, and each device's sync asks for it; serialising it again
   * for each of them held the event loop (and so every chat turn) for tens of ms each time.
   */
  async manifestJson(): Promise<string> {
    await this.scanNow();
    if (this.manifestText?.revision !== this.revision) {
      this.manifestText = { revision: this.revision, json: JSON.stringify(this.currentManifest()) };
    }
    return this.manifestText.json;
  }

  /**
   * One folder's rows, for a view that opens folders one at a time (a 50,000-note tree
   * is megabytes of JSON). '' is the top level. 404 `not_found` for a folder not in the index.
   */
  async folder(input: string): Promise<FolderRows> {
    await this.scanNow();
    const rel = normalizeVaultPath(input);
    if (rel !== '' && !this.folders.has(rel)) {
      throw new ApiError(404, 'not_found', `No existe la carpeta «${rel}» en la bóveda`);
    }
    return { path: rel, rows: buildFolderRows(rel, this.folders, this.entries) };
  }

  /**
   * Whether a note may be at `input`, without reading it: the index holds it, or a file is
   * there under its NFC spelling (written since the watcher last looked). An optional note
   * read on every chat turn costs one lstat while missing, not a listing of its folder.
   */
  async mayHold(input: string): Promise<boolean> {
    await this.scanNow();
    const rel = normalizeVaultPath(input);
    if (this.entries.has(rel)) return true;
    return lstat(path.join(this.root, ...rel.split('/'))).then(
      () => true,
      () => false,
    );
  }

  /** Reads a note fresh from disk. 404 `not_found`, 415 `not_a_note` for skipped files. */
  async readNote(input: string): Promise<Note> {
    await this.scanNow();
    // An indexed note is read as the export reads it: its real path checked against the
    // real root and opened, with no round trip through the thread pool (four of them,
    // behind whatever else waited there, made a note opened on a busy server slow).
    const indexed = this.indexedNote(input);
    if (indexed) {
      const read = classifyFileSync(indexed.entry.abs, this.maxNoteBytes, {
        withText: true,
        realRoot: realpathSync.native(this.root),
      });
      if (read?.entry.kind === 'note' && read.text !== null) {
        return toNote(indexed.rel, read.entry, read.text, this.links);
      }
      // Gone, moved out through a link, no longer a note: the full path says which.
    }
    const resolved = await resolveInVault(this.root, input);
    const known = this.entries.get(resolved.rel);
    // The index remembers the on-disk spelling (NFD names synced from a Mac).
    const abs = known?.abs ?? resolved.abs;
    // resolveInVault has just checked resolved.abs: only an index spelling that differs
    // needs its own check (each is a few file-system calls, on every chat turn).
    const exists =
      abs === resolved.abs ? resolved.exists : await assertRealPathInside(this.root, abs);
    if (!exists) notFound(resolved.rel);
    const read = await classifyFile(abs, this.maxNoteBytes, { withText: true });
    if (!read) {
      if (this.folders.has(resolved.rel) || resolved.rel === '') {
        throw new ApiError(415, 'not_a_note', `«${resolved.rel}» es una carpeta, no una nota`);
      }
      notFound(resolved.rel);
    }
    const { entry, text } = read;
    if (entry.kind !== 'note' || text === null) throw notANote(resolved.rel, entry.kind);
    return toNote(resolved.rel, entry, text, this.links);
  }

  /** The indexed note at `input` (normalized) and its entry, or null (bad paths too). */
  private indexedNote(input: string): { rel: string; entry: IndexEntry } | null {
    try {
      const rel = normalizeVaultPath(input);
      const entry = this.entries.get(rel);
      return entry?.kind === 'note' ? { rel, entry } : null;
    } catch (err) {
      if (err instanceof ApiError) return null;
      throw err;
    }
  }

  /**
   * The texts of `paths` for a sync's batch (POST /api/vault/batch), read fresh from disk
   * as the export reads them: the real root resolved once, each file's real path checked
   * and opened, a slice of the event loop at a time. A path that is not an indexed note now
   * (gone, renamed, refused by the path rules) is listed as missing. Nothing is parsed: a
   * sync wants the text and its hash, not the front matter or the links. Read one by one
   * through `readNote`, a batch of 500 was ~2,000 file-system calls and 500 YAML parses,
   * and a note opened meanwhile on the laptop waited behind them.
   */
  async noteContents(paths: readonly string[]): Promise<NotesBatch> {
    await this.scanNow();
    const realRoot = await realpath(this.root);
    const slice = new TimeSlice();
    const batch: NotesBatch = { notes: [], missing: [] };
    for (const input of paths) {
      const indexed = this.indexedNote(input);
      const note = indexed
        ? readExportNote(realRoot, indexed.rel, indexed.entry.abs, this.maxNoteBytes)
        : null;
      if (note) {
        const { utf8, hash, mtime, size } = note;
        const content = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString('utf8');
        batch.notes.push({ path: note.path, content, hash, mtime, size });
      } else batch.missing.push(input);
      await slice.pause();
    }
    return batch;
  }

  /**
   * Every note of the index with its text, read fresh from disk a few at a time
   * (GET /api/vault/export). Notes gone or no longer notes by the time they are
   * read are left out: the client's next manifest diff sees that. During the first
   * scan, each file as soon as the scan has indexed it (those the watcher adds
   * meanwhile reach the client as events and in the manifest).
   */
  async *notes(): AsyncGenerator<ExportNote> {
    // Started (or joined) before anything is awaited, so its progress is there to follow.
    void this.scanNow();
    const realRoot = await realpath(this.root);
    const slice = new TimeSlice();
    for await (const rel of this.scanProgress?.follow() ?? this.indexedPaths()) {
      const entry = this.entries.get(rel);
      if (entry?.kind !== 'note') continue;
      const note = readExportNote(realRoot, rel, entry.abs, this.maxNoteBytes);
      if (note) yield note;
      await slice.pause();
    }
  }

  /** The index's paths once the first scan is done, as they are then. */
  private async *indexedPaths(): AsyncGenerator<string> {
    await this.scanNow();
    yield* [...this.entries.keys()];
  }

  /**
   * Re-reads one file now, for SOMA's own writes: the next manifest (and /recordar's
   * latest closing) sees it at once instead of after the watcher's debounce. The watcher's
   * own event later finds nothing new and stays quiet.
   */
  async sync(rel: string): Promise<void> {
    await this.scanNow();
    const pending = this.timers.get(rel);
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(rel);
    }
    // The path module finds the on-disk spelling (a new note in a folder stored in NFD).
    const { abs } = await resolveInVault(this.root, rel);
    await this.enqueue(rel, () => this.refresh(rel, abs));
  }

  /** Called after the index changed; returns the unsubscribe function. */
  onEvent(listener: (e: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.watcher?.close();
    this.watcher = null;
    await Promise.allSettled([this.scanned, this.queue.idle(), this.savedAfterScan]);
    await this.saveScanCache();
  }

  /** The first scan stays quiet: listeners want changes, not thousands of start-up upserts. */
  private async scan(): Promise<void> {
    const progress = new ScanProgress();
    this.scanProgress = progress;
    let cached: Map<string, CachedEntry> | undefined;
    try {
      if (this.scanCacheFile) {
        cached = await loadScanCache(this.scanCacheFile, this.root, this.maxNoteBytes);
      }
      await this.rescanFolder(this.root, '', false, cached, progress);
    } finally {
      this.scanProgress = null;
      progress.finish();
    }
    // A restart that found the vault as the cache left it has nothing to write back.
    if (cached && cacheMatches(cached, this.entries)) this.savedRevision = this.revision;
    releaseMemory();
  }

  /** Remembers the index for the next start, when it changed since the last time. */
  private async saveScanCache(): Promise<void> {
    if (!this.scanCacheFile || this.savedRevision === this.revision) return;
    const revision = this.revision;
    await saveScanCache(this.scanCacheFile, this.root, this.maxNoteBytes, this.entries).then(
      () => {
        this.savedRevision = revision;
      },
      (err) => console.error('[vault] no se pudo guardar la caché de exploración:', err),
    );
  }

  /**
   * Indexes everything below a folder (the root at start-up, or a folder moved in). A
   * folder that is a symlink out of the vault is neither listed nor read: nothing of it,
   * not even a size or a hash, may reach a listener. `cached` is the last run's scan.
   */
  private async rescanFolder(
    abs: string,
    rel: string,
    notify = true,
    cached?: ReadonlyMap<string, CachedEntry>,
    progress?: ScanProgress,
  ): Promise<void> {
    if (!(await this.insideVault(abs))) return;
    if (rel !== '') this.folders.add(rel);
    const { folders, files } = await walkVault(this.root, abs, rel, (dirRel, dirAbs) =>
      this.watcher?.add(dirRel, dirAbs),
    );
    for (const f of folders) this.folders.add(f);
    if (rel !== '') this.dropMissing(rel, new Set(folders), files);
    // One file at a time, synchronously, in slices: the cheapest in CPU (no threadpool
    // round trip per call), and requests still get answered between slices.
    const slice = new TimeSlice();
    progress?.listed([...files.keys()]);
    let indexed = 0;
    for (const [fileRel, fileAbs] of files) {
      const known = cached?.get(fileRel);
      const previous = this.entries.get(fileRel) ?? (known && { ...known, abs: fileAbs });
      const read = classifyFileSync(fileAbs, this.maxNoteBytes, { previous });
      if (read) this.setEntry(fileRel, read.entry, notify);
      progress?.advanced(++indexed);
      await slice.pause();
    }
  }

  /** Something happened to the entry `rel` of a watched folder: look at it once it is quiet. */
  private onFsEvent(rel: string, abs: string): void {
    if (isHiddenPath(rel)) return;
    const pending = this.timers.get(rel);
    if (pending) clearTimeout(pending);
    const timer = setTimeout(() => {
      this.timers.delete(rel);
      void this.enqueue(rel, () => this.refreshEntry(rel, abs));
    }, DEBOUNCE_MS);
    this.timers.set(rel, timer);
  }

  /** A folder watch names files and folders alike: which one `rel` is now decides. */
  private async refreshEntry(rel: string, abs: string): Promise<void> {
    const st = await stat(abs).catch(() => null);
    if (st?.isDirectory() && (await this.insideVault(abs))) {
      // New, moved in, or replaced under the same name (a known folder's own watch may be on
      // a deleted inode): watched afresh and reconciled.
      this.watcher?.remove(rel);
      await this.rescanFolder(abs, rel);
      return;
    }
    // Gone, a file now, or a symlink out of the vault: the folder and all below it leave.
    if (this.folders.has(rel)) this.removeFolder(rel);
    await this.refresh(rel, abs);
  }

  /** Queues a task on `rel` after the first scan; a failure is logged, never thrown. */
  private enqueue(rel: string, task: () => Promise<void>): Promise<void> {
    return this.queue
      .run(rel, async () => {
        await this.scanNow();
        await task();
      })
      .catch((err) => console.error(`[vault] error al actualizar «${rel}»:`, err));
  }

  /** True when `abs` exists and its real location is inside the vault (the path module decides). */
  private insideVault(abs: string): Promise<boolean> {
    return assertRealPathInside(this.root, abs).catch(() => false);
  }

  /** Re-reads one file after a change on disk and emits what changed, if anything. */
  private async refresh(rel: string, abs: string): Promise<void> {
    // Checked before anything is read or hashed: the watcher follows symlinks.
    const inside = await this.insideVault(abs);
    const previous = this.entries.get(rel);
    const read = inside ? await classifyFile(abs, this.maxNoteBytes, { previous }) : null;
    if (!read) {
      if (this.entries.has(rel)) this.deleteEntry(rel);
      return;
    }
    this.setEntry(rel, read.entry, true);
  }

  /** After a rescan of `rel`: what the index holds below it that the walk no longer found. */
  private dropMissing(rel: string, folders: Set<string>, files: Map<string, string>): void {
    const prefix = `${rel}/`;
    for (const f of [...this.folders]) {
      if (f.startsWith(prefix) && !folders.has(f)) {
        this.folders.delete(f);
        this.watcher?.remove(f);
      }
    }
    for (const p of [...this.entries.keys()]) {
      if (p.startsWith(prefix) && !files.has(p)) this.deleteEntry(p);
    }
  }

  private removeFolder(rel: string): void {
    const prefix = `${rel}/`;
    this.watcher?.remove(rel);
    for (const f of [...this.folders])
      if (f === rel || f.startsWith(prefix)) this.folders.delete(f);
    for (const p of [...this.entries.keys()]) if (p.startsWith(prefix)) this.deleteEntry(p);
  }

  /** Stores an entry and tells listeners, unless nothing they could see changed. */
  private setEntry(rel: string, e: IndexEntry, notify: boolean): void {
    const before = this.entries.get(rel);
    this.entries.set(rel, e);
    const same = before?.size === e.size && before.mtime === e.mtime && before.kind === e.kind;
    if (same && before.hash === e.hash) return;
    this.revision++;
    if (e.kind === 'note') this.links.add(rel);
    else if (before?.kind === 'note') this.links.remove(rel);
    const { size, mtime } = e;
    if (!notify) return;
    this.emit(
      e.kind === 'note'
        ? { type: 'upsert', entry: { path: rel, size, mtime, hash: e.hash } }
        : { type: 'skipped', entry: { path: rel, size, mtime, reason: e.kind } },
    );
  }

  private deleteEntry(rel: string): void {
    this.entries.delete(rel);
    this.revision++;
    this.links.remove(rel);
    this.emit({ type: 'remove', path: rel });
  }

  private emit(e: VaultEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        console.error('[vault] error en un oyente de eventos:', err);
      }
    }
  }
}

function notFound(rel: string): never {
  throw new ApiError(404, 'not_found', `No existe «${rel}» en la bóveda`);
}
