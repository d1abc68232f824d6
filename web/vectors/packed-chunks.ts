import { type ChunkStore, chunkStore } from './chunk-store.ts';
import { FREE, inverseNorm, signsOf } from './vector-scan.ts';

/** One chunk as the sync stores it: its range in the note's body and its int8 components. */
export interface IndexedChunk {
  start: number;
  end: number;
  data: Int8Array;
}

/**
 * The worker's chunk vectors packed for scanning (vector-index.ts scans them): every
 * chunk's int8 components in one Int8Array, its sign bits, the inverse of its int8 norm,
 * its note and its range. A changed note's old slots are marked free and reused after a
 * compaction; capacity grows by half. Components and signs live in a ChunkStore: a
 * WebAssembly memory with its scan where WebAssembly runs (`wasm: false` forces plain arrays).
 */
export class PackedChunks {
  protected store: ChunkStore;
  protected readonly words: number;
  protected invNorms = new Float32Array(0);
  /** Per chunk slot: the note's number in `paths`, or FREE. */
  protected owner = new Int32Array(0);
  protected starts = new Uint32Array(0);
  protected ends = new Uint32Array(0);
  protected used = 0;
  protected free = 0;
  protected paths: string[] = [];
  protected noteOf = new Map<string, number>();
  /** note number → its slots (contiguous: a note's chunks are written together). */
  protected slots: { from: number; count: number }[] = [];

  constructor(
    readonly dimensions: number,
    private readonly options: { wasm?: boolean } = {},
  ) {
    this.words = Math.ceil(dimensions / 32);
    this.store = this.newStore(0);
  }

  private newStore(capacity: number): ChunkStore {
    return chunkStore(capacity, this.words, this.dimensions, this.options.wasm);
  }

  protected get data(): Int8Array {
    return this.store.data;
  }

  /** Per chunk, `words` 32-bit words: bit j set when component j is negative. */
  protected get signs(): Int32Array {
    return this.store.signs;
  }

  get chunks(): number {
    return this.used - this.free;
  }

  get notes(): number {
    return this.noteOf.size;
  }

  /** Bytes of the packed arrays (the bench's `vectors_mb`). */
  get bytes(): number {
    return (
      this.store.bytes +
      this.invNorms.byteLength +
      this.owner.byteLength +
      this.starts.byteLength +
      this.ends.byteLength
    );
  }

  has(path: string): boolean {
    return this.noteOf.has(path);
  }

  /** Replaces every chunk of `path` (none: the note is removed). */
  set(path: string, chunks: readonly IndexedChunk[]): void {
    this.remove(path);
    if (chunks.length === 0) return;
    this.reserve(chunks.length);
    const note = this.paths.length;
    this.paths.push(path);
    this.noteOf.set(path, note);
    const from = this.used;
    for (const c of chunks) {
      if (c.data.length !== this.dimensions) {
        throw new Error(`vector de ${c.data.length} dimensiones, se esperaban ${this.dimensions}`);
      }
      const slot = this.used++;
      this.data.set(c.data, slot * this.dimensions);
      this.writeSigns(slot, c.data);
      this.invNorms[slot] = inverseNorm(c.data);
      this.owner[slot] = note;
      this.starts[slot] = c.start;
      this.ends[slot] = c.end;
    }
    this.slots[note] = { from, count: chunks.length };
  }

  private writeSigns(slot: number, q: Int8Array) {
    this.signs.set(signsOf(q, this.words), slot * this.words);
  }

  /** Drops spare capacity (after a load or a sync: the bench's figure is what stays held). */
  fit(): void {
    if (this.free > 0) this.compact();
    if (this.owner.length > this.used) this.resize(this.used);
  }

  remove(path: string): void {
    const note = this.noteOf.get(path);
    if (note === undefined) return;
    this.noteOf.delete(path);
    const { from, count } = this.slots[note]!;
    this.owner.fill(FREE, from, from + count);
    this.free += count;
  }

  clear(): void {
    this.store = this.newStore(0);
    this.invNorms = new Float32Array(0);
    this.owner = new Int32Array(0);
    this.starts = new Uint32Array(0);
    this.ends = new Uint32Array(0);
    this.used = 0;
    this.free = 0;
    this.paths = [];
    this.noteOf.clear();
    this.slots = [];
  }

  /** Room for `extra` more chunks: compacts when a quarter is free, else grows by half. */
  private reserve(extra: number) {
    const capacity = this.owner.length;
    if (this.used + extra <= capacity) return;
    if (this.free > 0 && this.free * 4 >= this.used) this.compact();
    if (this.used + extra <= this.owner.length) return;
    this.resize(Math.max(this.used + extra, Math.ceil(this.owner.length * 1.5), 64));
  }

  private resize(capacity: number) {
    const d = this.dimensions;
    const grow = <T extends Float32Array | Int32Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
      per: number,
    ) => {
      const next = make(capacity * per);
      next.set(old.subarray(0, this.used * per));
      return next;
    };
    const store = this.newStore(capacity);
    store.data.set(this.data.subarray(0, this.used * d));
    store.signs.set(this.signs.subarray(0, this.used * this.words));
    this.store = store;
    this.invNorms = grow(this.invNorms, (n) => new Float32Array(n), 1);
    this.owner = grow(this.owner, (n) => new Int32Array(n), 1);
    this.starts = grow(this.starts, (n) => new Uint32Array(n), 1);
    this.ends = grow(this.ends, (n) => new Uint32Array(n), 1);
  }

  /** Moves live chunks down over free slots and renumbers the notes. */
  private compact() {
    const d = this.dimensions;
    const paths: string[] = [];
    const slots: { from: number; count: number }[] = [];
    const renumber = new Map<number, number>();
    let to = 0;
    for (let from = 0; from < this.used; from++) {
      const old = this.owner[from] as number;
      if (old === FREE) continue;
      let note = renumber.get(old);
      if (note === undefined) {
        note = paths.length;
        renumber.set(old, note);
        paths.push(this.paths[old]!);
        slots.push({ from: to, count: 0 });
        this.noteOf.set(this.paths[old]!, note);
      }
      slots[note]!.count++;
      if (to !== from) {
        this.data.copyWithin(to * d, from * d, (from + 1) * d);
        this.signs.copyWithin(to * this.words, from * this.words, (from + 1) * this.words);
        this.invNorms[to] = this.invNorms[from] as number;
        this.starts[to] = this.starts[from] as number;
        this.ends[to] = this.ends[from] as number;
      }
      this.owner[to] = note;
      to++;
    }
    this.used = to;
    this.free = 0;
    this.paths = paths;
    this.slots = slots;
  }
}
