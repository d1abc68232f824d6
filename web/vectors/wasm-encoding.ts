/**
 * WebAssembly's binary encoding, as much as the vector scan's module uses
 * (vector-wasm-module.ts assembles it byte by byte: no compiler is part of
 * the build): LEB128 numbers, sections, and the instructions as byte arrays.
 */

export const I32 = 0x7f;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (i32.const's immediate). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

export const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
/** A function body's local declarations: each group is how many locals of one type. */
export const locals = (groups: readonly (readonly [count: number, type: number])[]) =>
  vec(groups.map(([count, type]) => [...leb(count), type]));
export const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
export const name = (s: string) => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

// Instructions (https://webassembly.github.io/spec/core/binary/instructions.html).
export const get = (i: number) => [0x20, ...leb(i)];
export const set = (i: number) => [0x21, ...leb(i)];
export const i32 = (n: number) => [0x41, ...sleb(n)];
export const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
export const ADD = 0x6a;
export const MUL = 0x6c;
export const AND = 0x71;
export const XOR = 0x73;
export const SHL = 0x74;
export const GE_U = 0x4f;
export const LE_U = 0x4d;
export const GT_U = 0x4b;
export const POPCNT = 0x69;
export const load = (offset = 0) => [0x28, 2, ...leb(offset)];
export const store = (offset = 0) => [0x36, 2, ...leb(offset)];
export const LOAD8_S = [0x2c, 0, 0];
export const LOAD16_U = [0x2f, 1, 0];
export const STORE16 = [0x3b, 1, 0];
export const V_LOAD = simd(0x00, 0, 0);
export const V_ZERO = simd(0x0c, ...new Array<number>(16).fill(0));
export const V_XOR = simd(0x51);
export const POPCNT8 = simd(0x62);
export const PAIRWISE8_U = simd(0x7d); // i16x8.extadd_pairwise_i8x16_u
export const PAIRWISE16_U = simd(0x7f); // i32x4.extadd_pairwise_i16x8_u
export const ADD8 = simd(0x6e);
export const ADD16 = simd(0x8e);
export const SHUFFLE = (lanes: number[]) => simd(0x0d, ...lanes);
export const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
export const ADD32 = simd(0xae);
export const WIDEN_LO = simd(0x87); // i16x8.extend_low_i8x16_s
export const WIDEN_HI = simd(0x88);
export const DOT16 = simd(0xba); // i32x4.dot_i16x8_s
export const lane = (i: number) => simd(0x1b, i); // i32x4.extract_lane
/** The four i32 lanes of the v128 in local `v`, added. */
export const sumLanes = (v: number) => [
  ...get(v),
  ...lane(0),
  ...get(v),
  ...lane(1),
  ADD,
  ...get(v),
  ...lane(2),
  ADD,
  ...get(v),
  ...lane(3),
  ADD,
];
/** `while (!(cond)) { body }` as block/loop: `exit` leaves the loop when it pushes 1. */
export const loop = (exit: number[], body: number[]) => [
  0x02,
  0x40,
  0x03,
  0x40,
  ...exit,
  0x0d,
  1,
  ...body,
  0x0c,
  0,
  0x0b,
  0x0b,
];
export const inc = (local: number, by: number[]) => [...get(local), ...by, ADD, ...set(local)];
