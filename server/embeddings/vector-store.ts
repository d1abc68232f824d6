import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { bytesToBase64, normalize, quantize } from '../../common/vector-codec.ts';
import { appendDurably, syncDir, writeDurably } from './durable-file.ts';
import {
  type IndexRecord,
  IndexRecordSchema,
  type MetaRecord,
  MetaRecordSchema,
} from './vector-store-records.ts';

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

export interface StoredChunk {
  heading: string;
  start: number;
  end: number;
  scale: number;
  q: Int8Array;
}
export interface StoredNote {
  path: string;
  hash: string;
  seq: number;
  chunks: StoredChunk[];
}
/** A note's freshly embedded chunks, as the pipeline hands them over. */
export interface NoteToStore {
  path: string;
  hash: string;
  chunks: { heading: string; start: number; end: number; vector: Float32Array }[];
}
export interface StoreIdentity {
  model: string;
  dimensions: number;
}

const INDEX = 'index.ndjson';

export class VectorStore {
  private readonly notes = new Map<string, StoredNote>();
  private readonly tombstones = new Map<string, number>();
  /** Serialises writes: appends and compaction never interleave. */
  private chain: Promise<void> = Promise.resolve();
  private staleVectors = 0;
  private binSize = 0;

  private constructor(
    private readonly dir: string,
    private meta: MetaRecord,
    /** True when the store was started afresh (first use, or another model or dimension). */
    readonly wasReset: boolean,
  ) {}

  /** Opens the store in `dir`, or starts it afresh when it was made for another model. */
  static async open(dir: string, identity: StoreIdentity): Promise<VectorStore> {
    await mkdir(dir, { recursive: true });
    const lines = await readFile(join(dir, INDEX), 'utf8').then(
      (t) => t.split('\n'),
      () => [] as string[],
    );
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
    const id = createHash('sha256')
      .update(`${identity.model}\n${identity.dimensions}`)
      .digest('hex');
    const generation = `${id.slice(0, 8)}-${randomBytes(4).toString('hex')}`;
    const meta: MetaRecord = {
      t: 'meta',
      ...identity,
      chunker: CHUNKER_VERSION,
      generation,
      bin: `vectors-${generation}-0.bin`,
      floor: 0,
      seq: 0,
    };
    const store = new VectorStore(dir, meta, true);
    await writeDurably(join(dir, meta.bin), new Uint8Array());
    await store.swapIndex([JSON.stringify(meta)]);
    await store.removeOtherBins();
    return store;
  }

  /** Reads the index lines into memory, dropping a torn tail and lines naming missing bytes. */
  private async load(lines: string[]): Promise<void> {
    const dims = this.meta.dimensions;
    const file = await readFile(join(this.dir, this.meta.bin)).catch(() => Buffer.alloc(0));
    // A kill mid-append can leave part of a vector: cut it so later offsets stay aligned.
    const whole = file.length - (file.length % dims);
    if (whole !== file.length) await truncate(join(this.dir, this.meta.bin), whole);
    const bytes = file.subarray(0, whole);
    this.binSize = whole;
    let goodBytes = Buffer.byteLength(lines[0] ?? '') + 1;
    let torn = false;
    for (const line of lines.slice(1)) {
      if (line === '') continue;
      const rec = IndexRecordSchema.safeParse(safeJson(line));
      if (!rec.success) {
        torn = true;
        break;
      }
      const r = rec.data;
      if (r.t === 'note' && r.chunks.some((c) => (c.off + 1) * dims > bytes.length)) {
        torn = true;
        break;
      }
      goodBytes += Buffer.byteLength(line) + 1;
      this.apply(r, bytes, 0);
    }
    // A crash mid-append leaves a partial line: cut it so the next append starts clean.
    if (torn) await truncate(join(this.dir, INDEX), goodBytes);
  }

  /** Applies one index line; `bytes` holds the vectors from number `base` on. */
  private apply(r: IndexRecord, bytes: Uint8Array, base: number): void {
    this.meta.seq = Math.max(this.meta.seq, r.seq);
    const before = this.notes.get(r.path);
    if (before) this.staleVectors += before.chunks.length;
    if (r.t === 'remove') {
      this.notes.delete(r.path);
      this.tombstones.set(r.path, r.seq);
      return;
    }
    this.tombstones.delete(r.path);
    const dims = this.meta.dimensions;
    this.notes.set(r.path, {
      path: r.path,
      hash: r.hash,
      seq: r.seq,
      chunks: r.chunks.map((c) => ({
        heading: c.heading,
        start: c.start,
        end: c.end,
        scale: c.scale,
        q: new Int8Array(bytes.buffer, bytes.byteOffset + (c.off - base) * dims, dims),
      })),
    });
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
    return this.notes.size;
  }
  get chunkCount(): number {
    let n = 0;
    for (const note of this.notes.values()) n += note.chunks.length;
    return n;
  }
  get(path: string): StoredNote | undefined {
    return this.notes.get(path);
  }
  paths(): string[] {
    return [...this.notes.keys()];
  }
  /** Notes and removals changed after `since`, in the order they happened. */
  changesSince(since: number): ({ removed: string; seq: number } | StoredNote)[] {
    const out: ({ removed: string; seq: number } | StoredNote)[] = [];
    for (const n of this.notes.values()) if (n.seq > since) out.push(n);
    for (const [removed, seq] of this.tombstones) if (seq > since) out.push({ removed, seq });
    return out.sort((a, b) => a.seq - b.seq);
  }

  /** Stores notes' vectors durably: bytes first, then their index lines. */
  put(notes: NoteToStore[]): Promise<void> {
    return this.serial(async () => {
      const dims = this.meta.dimensions;
      const total = notes.reduce((n, note) => n + note.chunks.length, 0);
      const bin = new Int8Array(total * dims);
      const base = this.binSize / dims;
      let off = base;
      let at = 0;
      const lines: string[] = [];
      const records: IndexRecord[] = [];
      for (const note of notes) {
        const chunks = note.chunks.map((c) => {
          if (c.vector.length !== dims) throw new Error(`dimensión ${c.vector.length} ≠ ${dims}`);
          const { q, scale } = quantize(normalize(Float32Array.from(c.vector)));
          bin.set(q, at * dims);
          at++;
          return { heading: c.heading, start: c.start, end: c.end, scale, off: off++ };
        });
        const rec: IndexRecord = {
          t: 'note',
          seq: ++this.meta.seq,
          path: note.path,
          hash: note.hash,
          chunks,
        };
        records.push(rec);
        lines.push(JSON.stringify(rec));
      }
      const bytes = new Uint8Array(bin.buffer);
      await appendDurably(join(this.dir, this.meta.bin), bytes);
      this.binSize += bytes.length;
      await appendDurably(join(this.dir, INDEX), `${lines.join('\n')}\n`);
      // Indexed against the batch's own bytes: the file need not be read back.
      for (const r of records) this.apply(r, bytes, base);
      await this.maybeCompact();
    });
  }

  /** Forgets notes (deleted or no longer notes); their removal reaches clients' deltas. */
  remove(paths: string[]): Promise<void> {
    return this.serial(async () => {
      const gone = paths.filter((p) => this.notes.has(p));
      if (gone.length === 0) return;
      const records: IndexRecord[] = gone.map((path) => ({
        t: 'remove',
        seq: ++this.meta.seq,
        path,
      }));
      await appendDurably(
        join(this.dir, INDEX),
        `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
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
    if (this.staleVectors < COMPACT_MIN_STALE || this.staleVectors <= live) {
      if (this.tombstones.size <= MAX_TOMBSTONES * 2) return;
    }
    await this.compact();
  }

  /** Rewrites live vectors into a new binary file and a new index, swapped in by rename. */
  async compact(): Promise<void> {
    const dims = this.meta.dimensions;
    const n = Number(/-(\d+)\.bin$/.exec(this.meta.bin)?.[1] ?? 0) + 1;
    const bin = `vectors-${this.meta.generation}-${n}.bin`;
    const bytes = new Int8Array(this.chunkCount * dims);
    let off = 0;
    const notes = [...this.notes.values()].sort((a, b) => a.seq - b.seq);
    const lines: string[] = [];
    for (const note of notes) {
      const chunks = note.chunks.map((c) => {
        bytes.set(c.q, off * dims);
        return { heading: c.heading, start: c.start, end: c.end, scale: c.scale, off: off++ };
      });
      lines.push(
        JSON.stringify({ t: 'note', seq: note.seq, path: note.path, hash: note.hash, chunks }),
      );
    }
    const kept = [...this.tombstones].sort((a, b) => b[1] - a[1]).slice(0, MAX_TOMBSTONES);
    const dropped = [...this.tombstones].filter(([p]) => !kept.some(([k]) => k === p));
    const floor = Math.max(this.meta.floor, ...dropped.map(([, s]) => s));
    for (const [path, seq] of kept) lines.push(JSON.stringify({ t: 'remove', seq, path }));
    await writeDurably(join(this.dir, bin), new Uint8Array(bytes.buffer));
    const meta: MetaRecord = { ...this.meta, bin, floor };
    await this.swapIndex([JSON.stringify(meta), ...lines]);
    this.meta = meta;
    this.tombstones.clear();
    for (const [path, seq] of kept) this.tombstones.set(path, seq);
    this.staleVectors = 0;
    this.binSize = bytes.length;
    // Re-point chunks at the new bytes, so the old buffers can be collected.
    off = 0;
    const view = new Uint8Array(bytes.buffer);
    for (const note of notes) {
      for (const c of note.chunks) c.q = new Int8Array(view.buffer, off++ * dims, dims);
    }
    await this.removeOtherBins();
  }

  /** Writes the index whole to a temp file and renames it over the old one. */
  private async swapIndex(lines: string[]): Promise<void> {
    const tmp = join(this.dir, `${INDEX}.tmp`);
    await writeDurably(tmp, `${lines.join('\n')}\n`);
    await rename(tmp, join(this.dir, INDEX));
    await syncDir(this.dir);
  }

  private async removeOtherBins(): Promise<void> {
    for (const f of await readdir(this.dir)) {
      if (f.endsWith('.bin') && f !== this.meta.bin)
        await unlink(join(this.dir, f)).catch(() => {});
    }
  }

  /** Bytes on disk (status, bench). */
  async diskBytes(): Promise<number> {
    const [a, b] = await Promise.all([
      stat(join(this.dir, INDEX)),
      stat(join(this.dir, this.meta.bin)),
    ]);
    return a.size + b.size;
  }
}

function safeJson(line: string | undefined): unknown {
  if (!line) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** A stored chunk as it travels to the browser. */
export function encodeStored(c: StoredChunk): { scale: number; data: string } {
  return {
    scale: c.scale,
    data: bytesToBase64(new Uint8Array(c.q.buffer, c.q.byteOffset, c.q.byteLength)),
  };
}
