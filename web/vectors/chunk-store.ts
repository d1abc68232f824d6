import { MAX_WORDS, vectorWasmBytes } from './vector-wasm-module.ts';

/** Compiled modules by sign words a chunk. */
const compiled = new Map<number, WebAssembly.Module | null>();

/**
 * The scan's module, compiled once; null where WebAssembly or its SIMD is
 * missing, a Content-Security-Policy forbids compiling or chunks are too wide:
 * the JS loops then.
 */
function wasmModule(words: number): WebAssembly.Module | null {
  let module = compiled.get(words);
  if (module === undefined) {
    try {
      module =
        typeof WebAssembly === 'object' && words <= MAX_WORDS
          ? new WebAssembly.Module(vectorWasmBytes(words))
          : null;
    } catch {
      module = null;
    }
    compiled.set(words, module);
  }
  return module;
}

interface ScanExports {
  memory: WebAssembly.Memory;
  hamming(signs: number, qs: number, used: number, words: number, dist: number, hist: number): void;
  dots(
    data: number,
    q: number,
    d: number,
    dist: number,
    used: number,
    limit: number,
    out: number,
  ): number;
}

const align = (n: number) => Math.ceil(n / 16) * 16;

/**
 * The WebAssembly scan over one store's memory: the query, its signs, the
 * distance histogram, each chunk's distance, the (slot, dot) pairs, then the
 * chunks' signs and components (vector-wasm-module.ts says what each function does).
 */
export class WasmScan {
  /** Each slot's Hamming distance to the query's signs (after `hamming`). */
  readonly distance: Uint16Array;
  /** How many slots lie at each distance (after `hamming`). */
  readonly histogram: Uint32Array;
  /** (slot, dot) pairs, `dots`'s count of them. */
  readonly pairs: Int32Array;
  readonly signs: Int32Array;
  readonly data: Int8Array;
  private readonly q: Int8Array;
  private readonly qs: Int32Array;
  private readonly at: Record<'q' | 'qs' | 'hist' | 'dist' | 'pairs' | 'signs' | 'data', number>;

  constructor(
    private readonly fn: ScanExports,
    capacity: number,
    private readonly words: number,
    private readonly d: number,
  ) {
    const at = { q: 0, qs: 0, hist: 0, dist: 0, pairs: 0, signs: 0, data: 0 };
    let end = 0;
    const place = (key: keyof typeof at, bytes: number) => {
      at[key] = end;
      end = align(end + bytes);
    };
    place('q', d);
    place('qs', words * 4);
    place('hist', (d + 2) * 4);
    place('dist', capacity * 2);
    place('pairs', capacity * 8);
    place('signs', capacity * words * 4);
    place('data', capacity * d);
    fn.memory.grow(Math.ceil(end / 65_536));
    const buffer = fn.memory.buffer;
    this.at = at;
    this.q = new Int8Array(buffer, at.q, d);
    this.qs = new Int32Array(buffer, at.qs, words);
    this.histogram = new Uint32Array(buffer, at.hist, d + 2);
    this.distance = new Uint16Array(buffer, at.dist, capacity);
    this.pairs = new Int32Array(buffer, at.pairs, capacity * 2);
    this.signs = new Int32Array(buffer, at.signs, capacity * words);
    this.data = new Int8Array(buffer, at.data, capacity * d);
  }

  get bytes(): number {
    return this.fn.memory.buffer.byteLength;
  }

  /** Fills `distance` and `histogram` for slots [0, used) against the query's signs `qs`. */
  hamming(qs: Int32Array, used: number): void {
    this.qs.set(qs);
    this.histogram.fill(0);
    const { at } = this;
    this.fn.hamming(at.signs, at.qs, used, this.words, at.dist, at.hist);
  }

  /** The dot products of `q` with every slot whose distance is ≤ `limit`, into `pairs`; their count. */
  dots(q: Int8Array, used: number, limit: number): number {
    this.q.set(q);
    const { at } = this;
    return this.fn.dots(at.data, at.q, this.d, at.dist, used, limit, at.pairs);
  }
}

/**
 * Room for `capacity` chunks' int8 components and sign words: in a
 * WebAssembly memory with its scan when it can (and `wasm` is not false),
 * else plain arrays. A store never grows; PackedChunks makes a bigger one and
 * copies, as it does its other arrays.
 */
export interface ChunkStore {
  data: Int8Array;
  signs: Int32Array;
  scan: WasmScan | null;
  bytes: number;
}

export function chunkStore(capacity: number, words: number, d: number, wasm = true): ChunkStore {
  const module = wasm ? wasmModule(words) : null;
  // Which scan runs, for the browser's performance panel and e2e/semantic.spec.ts (a policy
  // that blocked WebAssembly would otherwise only make hybrid search slower, silently).
  performance.mark(module ? 'soma:vector-scan-wasm' : 'soma:vector-scan-js');
  if (module) {
    const fn = new WebAssembly.Instance(module, {}).exports as unknown as ScanExports;
    const scan = new WasmScan(fn, capacity, words, d);
    return { data: scan.data, signs: scan.signs, scan, bytes: scan.bytes };
  }
  const data = new Int8Array(capacity * d);
  const signs = new Int32Array(capacity * words);
  return { data, signs, scan: null, bytes: data.byteLength + signs.byteLength };
}
