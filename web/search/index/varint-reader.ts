/** What a saved index that does not hold together says (a truncated or foreign record). */
export const UNREADABLE = 'índice guardado ilegible';

/**
 * A reader of one term's varints. Plain fields, not `[value, next]` tuples: a
 * term is decoded once, by code V8 has not optimised yet, where every tuple was
 * an allocation (most of a query's first read of a common word).
 */
export class VarintReader {
  at: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.at = start;
  }
  /** Throws past `end`: a term reads only within its own bytes. */
  next(): number {
    const { bytes, end } = this;
    let i = this.at;
    if (i >= end) throw new Error(UNREADABLE);
    let byte = bytes[i++]!;
    // Nearly every posting number fits one byte.
    if (byte < 0x80) {
      this.at = i;
      return byte;
    }
    let value = byte & 0x7f;
    let shift = 7;
    do {
      if (i >= end) throw new Error(UNREADABLE);
      byte = bytes[i++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    this.at = i;
    return value >>> 0;
  }
  /** Steps over `n` varints (each ends at a byte below 0x80). */
  skipMany(n: number): void {
    const { bytes, end } = this;
    let i = this.at;
    for (let left = n; left > 0; i++) {
      if (i >= end) throw new Error(UNREADABLE);
      if (bytes[i]! < 0x80) left--;
    }
    this.at = i;
  }
  /** Steps over one varint (a frequency `fieldBlocks` does not need). */
  skip(): void {
    const { bytes, end } = this;
    let i = this.at;
    while (i < end && bytes[i]! & 0x80) i++;
    if (i >= end) throw new Error(UNREADABLE);
    this.at = i + 1;
  }
}
