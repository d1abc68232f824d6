/**
 * The typed arrays a query's scoring pass adds into, kept per index and
 * reused: allocating (and zeroing) them per query cost more than scoring a
 * rare word. Each pass leaves them as it found them except the notes it
 * touched, which the next pass clears first.
 */

/** One level of the query tree: a score per note and the notes it holds, in minisearch's Map order. */
export class Level {
  readonly score: Float64Array;
  readonly present: Uint8Array;
  readonly list: Int32Array;
  n = 0;
  constructor(size: number) {
    this.score = new Float64Array(size);
    this.present = new Uint8Array(size);
    this.list = new Int32Array(size);
  }
  /** Empties the level (after a pass that stopped half-way, or the root's last list). */
  clear(): void {
    for (let i = 0; i < this.n; i++) {
      const d = this.list[i] as number;
      this.score[d] = 0;
      this.present[d] = 0;
    }
    this.n = 0;
  }
  /** minisearch's OR combinator: this child's notes join `into`, scores added. */
  orInto(into: Level): void {
    for (let i = 0; i < this.n; i++) {
      const d = this.list[i] as number;
      if (into.present[d] === 0) {
        into.present[d] = 1;
        into.list[into.n++] = d;
      }
      into.score[d] = (into.score[d] as number) + (this.score[d] as number);
      this.score[d] = 0;
      this.present[d] = 0;
    }
    this.n = 0;
  }
  /** minisearch's AND combinator: `into` keeps the notes also here, in this child's order. */
  andInto(into: Level): void {
    let kept = 0;
    for (let i = 0; i < this.n; i++) {
      const d = this.list[i] as number;
      if (into.present[d] === 1) {
        into.present[d] = 2; // kept: marked so the clean-up below spares it
        into.score[d] = (into.score[d] as number) + (this.score[d] as number);
        this.list[kept++] = d;
      }
      this.score[d] = 0;
      this.present[d] = 0;
    }
    for (let i = 0; i < into.n; i++) {
      const d = into.list[i] as number;
      if (into.present[d] === 2) into.present[d] = 1;
      else {
        into.present[d] = 0;
        into.score[d] = 0;
      }
    }
    into.list.set(this.list.subarray(0, kept));
    into.n = kept;
    this.n = 0;
  }
}

/** Per index: the levels of the query tree and the per-note bookkeeping of the terms matched. */
export class Scratch {
  readonly levels: Level[] = [];
  /** Per note: the query's terms (by number) it matched, as bits, `words` 32-bit words each… */
  termMask = new Int32Array(0);
  /** …how many, and the caller's bits of those terms. */
  termCount: Uint16Array;
  bits: Int32Array;
  /** The notes with a term counted, to clear before the next pass. */
  touched: Int32Array;
  touchedCount = 0;
  words = 1;
  /** The pass now using the arrays: an older one may no longer read them. */
  owner: object | null = null;

  constructor(readonly size: number) {
    this.termCount = new Uint16Array(size);
    this.bits = new Int32Array(size);
    this.touched = new Int32Array(size);
  }

  /** The level at `depth` of the tree, made on first use. */
  level(depth: number): Level {
    let l = this.levels[depth];
    if (!l) {
      l = new Level(this.size);
      this.levels[depth] = l;
    }
    return l;
  }

  /**
   * Folds the level under `depth` into it, as minisearch's combinators do:
   * AND (`and`) or OR. An empty level simply becomes the child's (minisearch
   * too keeps the first child's Map), so a one-term word costs no copy.
   */
  fold(depth: number, and: boolean): void {
    const into = this.level(depth);
    const from = this.level(depth + 1);
    if (into.n === 0 && !and) {
      this.levels[depth] = from;
      this.levels[depth + 1] = into;
    } else if (and) from.andInto(into);
    else from.orInto(into);
  }

  /** Clears what the last pass left and hands the arrays to `owner`, with room for `terms` terms. */
  take(owner: object, terms: number): void {
    for (const l of this.levels) l.clear();
    const { words, touched, termCount, bits, termMask } = this;
    for (let i = 0; i < this.touchedCount; i++) {
      const d = touched[i] as number;
      termCount[d] = 0;
      bits[d] = 0;
      // A loop, not fill(): one or two words a note, and fill's call cost more than the writes.
      for (let w = d * words, end = w + words; w < end; w++) termMask[w] = 0;
    }
    this.touchedCount = 0;
    this.words = Math.max(1, Math.ceil(terms / 32));
    if (this.termMask.length < this.size * this.words)
      this.termMask = new Int32Array(this.size * this.words);
    this.owner = owner;
  }
}

const scratches = new WeakMap<object, Scratch>();

/** The scratch arrays for `index`, made (or grown) to hold `size` notes. */
export function scratchFor(index: object, size: number): Scratch {
  const known = scratches.get(index);
  if (known && known.size >= size) return known;
  // Some room to grow: notes added one by one would otherwise remake them each time.
  const made = new Scratch(Math.ceil(size * 1.25) + 64);
  scratches.set(index, made);
  return made;
}
