import {
  appendIndex,
  appendVectors,
  cutIndex,
  readIndexLines,
  readWholeVectors,
  removeOtherBins,
  storeBytes,
  swapIndex,
  writeVectors,
} from './store-files.ts';
import { batchLayout, compactLayout, type NoteToStore } from './store-layout.ts';
import { type StoreChange, type StoredNote, StoredNotes } from './stored-notes.ts';
import {
  freshMeta,
  type IndexRecord,
  type MetaRecord,
  MetaRecordSchema,
  parseIndexLines,
  type StoreIdentity,
  safeJson,
} from './vector-store-records.ts';

export type { NoteToStore } from './store-layout.ts';
export { encodeStored, type StoredChunk, type StoredNote } from './stored-notes.ts';

/**
 * The vectors, kept outside the vault in the config folder: int8 components appended to
 * a binary file, and an NDJSON index (one line per stored or removed note) appended after
 * the bytes it names are on disk. A crash or kill loses at most the batch being written:
 * a torn last index line is dropped at the next open, and bytes no line names are unused.
 * When most bytes are stale the store is compacted into new files swapped in by a rename.
 */

/** Bumped when chunking changes: stored vectors of another version are embedded again. */
export const CHUNKER_VERSION = 1;
/** Removals remembered for clients' deltas; an older cursor gets a full reset instead. */
const MAX_TOMBSTONES = 20_000;
/** Compact once stale vectors outnumber live ones and are at least this many. */
const COMPACT_MIN_STALE = 2_000;

export type { StoreIdentity } from './vector-store-records.ts';

export class VectorStore {
  private readonly mem: StoredNotes;
  /** Serialises writes: appends and compaction never interleave. */
  private chain: Promise<void> = Promise.resolve();
  private binSize = 0;

  private constructor(
    private readonly dir: string,
    private meta: MetaRecord,
    /** True when the store was started afresh (first use, or another model or dimension). */
    readonly wasReset: boolean,
  ) {
    this.mem = new StoredNotes(meta.dimensions);
  }

  /** Opens the store in `dir`, or starts it afresh when it was made for another model. */
  static async open(dir: string, identity: StoreIdentity): Promise<VectorStore> {
    const lines = await readIndexLines(dir);
    const meta = MetaRecordSchema.safeParse(safeJson(lines[0]));
    const same =
      meta.success &&
      meta.data.model === identity.model &&
      meta.data.dimensions === identity.dimensions &&
      meta.data.chunker === CHUNKER_VERSION;
    if (!same || !meta.success) return VectorStore.fresh(dir, identity);
    const store = new VectorStore(dir, meta.data, false);
    await store.load(lines);
    return store;
  }

  private static async fresh(dir: string, identity: StoreIdentity): Promise<VectorStore> {
    const meta = freshMeta(identity, CHUNKER_VERSION);
    const store = new VectorStore(dir, meta, true);
    await writeVectors(dir, meta.bin, new Uint8Array());
    await swapIndex(dir, [JSON.stringify(meta)]);
    await removeOtherBins(dir, meta.bin);
    return store;
  }

  /** Reads the index lines into memory, dropping a torn tail and lines naming missing bytes. */
  private async load(lines: string[]): Promise<void> {
    const dims = this.meta.dimensions;
    // A kill mid-append can leave part of a vector: cut, so later offsets stay aligned.
    const bytes = await readWholeVectors(this.dir, this.meta.bin, dims);
    this.binSize = bytes.length;
    const { records, goodBytes, torn } = parseIndexLines(lines, bytes.length / dims);
    for (const r of records) this.apply(r, bytes, 0);
    // A crash mid-append leaves a partial line: cut it so the next append starts clean.
    if (torn) await cutIndex(this.dir, goodBytes);
  }

  /** Applies one index line; `bytes` holds the vectors from number `base` on. */
  private apply(r: IndexRecord, bytes: Uint8Array, base: number): void {
    this.meta.seq = Math.max(this.meta.seq, r.seq);
    this.mem.apply(r, bytes, base);
  }

  get generation(): string {
    return this.meta.generation;
  }
  get model(): string {
    return this.meta.model;
  }
  get dimensions(): number {
    return this.meta.dimensions;
  }
  /** The latest change's sequence number: a client holding it is up to date. */
  get cursor(): number {
    return this.meta.seq;
  }
  /** Cursors below this lost their removals to compaction: such clients start over. */
  get floor(): number {
    return this.meta.floor;
  }
  get noteCount(): number {
    return this.mem.notes.size;
  }
  get chunkCount(): number {
    return this.mem.chunkCount;
  }
  get(path: string): StoredNote | undefined {
    return this.mem.notes.get(path);
  }
  paths(): string[] {
    return [...this.mem.notes.keys()];
  }
  /** Notes and removals changed after `since`, in the order they happened. */
  changesSince(since: number): StoreChange[] {
    return this.mem.changesSince(since);
  }

  /** Stores notes' vectors durably: bytes first, then their index lines. */
  put(notes: NoteToStore[]): Promise<void> {
    return this.serial(async () => {
      const base = this.binSize / this.meta.dimensions;
      const { bytes, records, lines } = batchLayout(notes, {
        dimensions: this.meta.dimensions,
        firstOff: base,
        firstSeq: this.meta.seq + 1,
      });
      this.meta.seq += records.length;
      await appendVectors(this.dir, this.meta.bin, bytes);
      this.binSize += bytes.length;
      await appendIndex(this.dir, lines);
      // Indexed against the batch's own bytes: the file need not be read back.
      for (const r of records) this.apply(r, bytes, base);
      await this.maybeCompact();
    });
  }

  /** Forgets notes (deleted or no longer notes); their removal reaches clients' deltas. */
  remove(paths: string[]): Promise<void> {
    return this.serial(async () => {
      const gone = paths.filter((p) => this.mem.notes.has(p));
      if (gone.length === 0) return;
      const records: IndexRecord[] = gone.map((path) => ({
        t: 'remove',
        seq: ++this.meta.seq,
        path,
      }));
      await appendIndex(
        this.dir,
        records.map((r) => JSON.stringify(r)),
      );
      for (const r of records) this.apply(r, new Uint8Array(), 0);
      await this.maybeCompact();
    });
  }

  /** Waits for writes in flight (tests, shutdown). */
  async flush(): Promise<void> {
    await this.chain;
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const next = this.chain.then(task);
    this.chain = next.catch(() => {});
    return next;
  }

  private async maybeCompact(): Promise<void> {
    const live = this.chunkCount;
    const stale = this.mem.staleVectors;
    if (stale < COMPACT_MIN_STALE || stale <= live) {
      if (this.mem.tombstones.size <= MAX_TOMBSTONES * 2) return;
    }
    await this.compact();
  }

  /** Rewrites live vectors into a new binary file and a new index, swapped in by rename. */
  async compact(): Promise<void> {
    const dims = this.meta.dimensions;
    const n = Number(/-(\d+)\.bin$/.exec(this.meta.bin)?.[1] ?? 0) + 1;
    const bin = `vectors-${this.meta.generation}-${n}.bin`;
    const notes = [...this.mem.notes.values()].sort((a, b) => a.seq - b.seq);
    const { bytes, lines, kept, floor } = compactLayout(notes, this.mem.tombstones, {
      dimensions: dims,
      floor: this.meta.floor,
      maxTombstones: MAX_TOMBSTONES,
    });
    await writeVectors(this.dir, bin, new Uint8Array(bytes.buffer));
    const meta: MetaRecord = { ...this.meta, bin, floor };
    await swapIndex(this.dir, [JSON.stringify(meta), ...lines]);
    this.meta = meta;
    this.mem.tombstones.clear();
    for (const [path, seq] of kept) this.mem.tombstones.set(path, seq);
    this.mem.staleVectors = 0;
    this.binSize = bytes.length;
    // Re-point chunks at the new bytes, so the old buffers can be collected.
    let off = 0;
    for (const note of notes) {
      for (const c of note.chunks) c.q = new Int8Array(bytes.buffer, off++ * dims, dims);
    }
    await removeOtherBins(this.dir, this.meta.bin);
  }

  /** Bytes on disk (status, bench). */
  diskBytes(): Promise<number> {
    return storeBytes(this.dir, this.meta.bin);
  }
}
