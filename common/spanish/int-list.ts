/** A growable Int32Array. */
export class IntList {
  items = new Int32Array(1 << 14);
  length = 0;
  push(value: number) {
    if (this.length === this.items.length) this.items = grown(this.items, this.length + 1);
    this.items[this.length++] = value;
  }
}

/** `a`, or a copy at least `size` long (zeros after its items). */
export function grown(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= a.length) return a;
  const bigger = new Int32Array(Math.max(size, a.length * 2));
  bigger.set(a);
  return bigger;
}
