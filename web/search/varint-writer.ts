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
  /** Bytes already encoded (a term's postings as they were read back). */
  pushBytes(bytes: Uint8Array) {
    this.#room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }
}

/** Zigzag: a document id can be lower than the one before it (a note re-added), so gaps may be negative. */
export const zigzag = (n: number) => ((n << 1) ^ (n >> 31)) >>> 0;
