/** Below this many bytes a range is copied in a loop (Node 20: 4 bytes 5× faster than a view and `set`, even at 32). */
const SMALL_COPY = 32;

/**
 * Non-negative integers as LEB128 varints in a growable byte array: nearly
 * every posting number (a field, a frequency, the gap to the next document)
 * fits one byte, so there is a quarter as much to keep and save as in 32-bit words.
 */
export class VarintWriter {
  bytes: Uint8Array<ArrayBuffer>;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }
  /** Room for `more` bytes (a varint takes at most 5): `bytes` may be a new array after it. */
  reserve(more: number) {
    this.#room(more);
  }
  #room(more: number) {
    if (this.length + more <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (this.length + more > size) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
  push(value: number) {
    this.#room(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }
  /**
   * Bytes `from`..`to` of `source`, already encoded (a term's postings as
   * they were read back): most terms are a few
   * bytes, copied one by one; a view and `set` for each (a first sync copies
   * every term given postings again, batch after batch) cost more than the copy.
   */
  pushRange(source: Uint8Array, from: number, to: number) {
    const n = to - from;
    this.#room(n);
    const bytes = this.bytes;
    if (n < SMALL_COPY) {
      let at = this.length;
      for (let i = from; i < to; i++) bytes[at++] = source[i]!;
    } else bytes.set(source.subarray(from, to), this.length);
    this.length += n;
  }
}

/** Zigzag: a document id can be lower than the one before it (a note re-added), so gaps may be negative. */
export const zigzag = (n: number) => ((n << 1) ^ (n >> 31)) >>> 0;
