/**
 * The vector scan's WebAssembly module, assembled here byte by byte (no
 * compiler is part of the build; the module is ~400 bytes). Two functions over
 * its one exported memory, both exact integer arithmetic, so their results
 * equal vector-scan.ts's JS loops bit for bit:
 *
 * - `hamming(signs, qs, used, words, dist, hist)`: per chunk, the popcount of
 *   its sign words XOR the query's (i8x16.popcnt over 16 bytes at a time,
 *   i32.popcnt for the last words), stored as u16 at dist[s]; hist[c] += 1.
 *   Made for one number of words (a module per index's dimensions).
 * - `dots(data, q, d, dist, used, limit, out) → n`: per chunk whose dist ≤
 *   limit, in slot order, the int8 dot product with q (widened to i16,
 *   i32x4.dot_i16x8_s), written as the pair (slot, dot) of i32 at out; the
 *   slots are listed first, then scored four at a time (dotGroup says why).
 */

const I32 = 0x7f;
const V128 = 0x7b;

/** Unsigned LEB128. */
function leb(n: number): number[] {
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
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const name = (s: string) => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

// Instructions (https://webassembly.github.io/spec/core/binary/instructions.html).
const get = (i: number) => [0x20, ...leb(i)];
const set = (i: number) => [0x21, ...leb(i)];
const i32 = (n: number) => [0x41, ...sleb(n)];
const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
const ADD = 0x6a;
const MUL = 0x6c;
const AND = 0x71;
const XOR = 0x73;
const SHL = 0x74;
const GE_U = 0x4f;
const LE_U = 0x4d;
const POPCNT = 0x69;
const load = (offset = 0) => [0x28, 2, ...leb(offset)];
const store = (offset = 0) => [0x36, 2, ...leb(offset)];
const LOAD8_S = [0x2c, 0, 0];
const LOAD16_U = [0x2f, 1, 0];
const STORE16 = [0x3b, 1, 0];
const V_LOAD = simd(0x00, 0, 0);
const V_ZERO = simd(0x0c, ...new Array<number>(16).fill(0));
const V_XOR = simd(0x51);
const POPCNT8 = simd(0x62);
const PAIRWISE8_U = simd(0x7d); // i16x8.extadd_pairwise_i8x16_u
const PAIRWISE16_U = simd(0x7f); // i32x4.extadd_pairwise_i16x8_u
const ADD8 = simd(0x6e);
const ADD32 = simd(0xae);
const WIDEN_LO = simd(0x87); // i16x8.extend_low_i8x16_s
const WIDEN_HI = simd(0x88);
const DOT16 = simd(0xba); // i32x4.dot_i16x8_s
const lane = (i: number) => simd(0x1b, i); // i32x4.extract_lane
/** The four i32 lanes of the v128 in local `v`, added. */
const sumLanes = (v: number) => [
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
const loop = (exit: number[], body: number[]) => [
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
const inc = (local: number, by: number[]) => [...get(local), ...by, ADD, ...set(local)];

/** The most sign words a module is made for: 16-byte blocks summed in i8 lanes (≤ 8 each) must stay < 256. */
export const MAX_WORDS = 124;

/**
 * hamming, straight-line for `words` sign words a chunk (the index's dimensions
 * fix them): the query's blocks sit in locals, each chunk's blocks are XORed,
 * counted and summed in i8 lanes, then widened once.
 * Params 0 signs, 1 qs, 2 used, 3 words (unused), 4 dist, 5 hist; locals 6 s,
 * 7 o, 8 c; 9 acc and 10… the query's blocks (v128); then its last words (i32).
 */
function hammingBody(words: number): number[] {
  const blocks = words >> 2;
  const tail = words & 3;
  const qBlock = (i: number) => 10 + i;
  const qWord = (j: number) => 10 + blocks + j;
  const vLoad = (offset: number) => simd(0x00, 0, ...leb(offset));
  const chunkBlock = (i: number) => [
    ...get(7),
    ...vLoad(16 * i),
    ...get(qBlock(i)),
    ...V_XOR,
    ...POPCNT8,
  ];
  const counted: number[] = [];
  for (let i = 0; i < blocks; i++) counted.push(...chunkBlock(i), ...(i > 0 ? ADD8 : []));
  const sum =
    blocks > 0
      ? [...counted, ...PAIRWISE8_U, ...PAIRWISE16_U, ...set(9), ...sumLanes(9), ...set(8)]
      : [...i32(0), ...set(8)];
  const tailCount: number[] = [];
  for (let j = 0; j < tail; j++) {
    tailCount.push(...get(8), ...get(7), ...load(16 * blocks + 4 * j), ...get(qWord(j)), XOR);
    tailCount.push(POPCNT, ADD, ...set(8));
  }
  const prologue: number[] = [];
  for (let i = 0; i < blocks; i++) prologue.push(...get(1), ...vLoad(16 * i), ...set(qBlock(i)));
  for (let j = 0; j < tail; j++)
    prologue.push(...get(1), ...load(16 * blocks + 4 * j), ...set(qWord(j)));
  return [
    ...vec(
      [
        [3, I32],
        [1 + blocks, V128],
        [tail, I32],
      ].map(([n, t]) => [...leb(n!), t!]),
    ),
    ...prologue,
    ...[...get(0), ...set(7)],
    ...loop(
      [...get(6), ...get(2), GE_U],
      [
        ...sum,
        ...tailCount,
        ...[...get(4), ...get(6), ...i32(1), SHL, ADD, ...get(8), ...STORE16],
        ...[...get(5), ...get(8), ...i32(2), SHL, ADD, ...set(8)],
        ...[...get(8), ...get(8), ...load(), ...i32(1), ADD, ...store()],
        ...inc(7, i32(4 * words)),
        ...inc(6, i32(1)),
      ],
    ),
    0x0b,
  ];
}

// dots: params 0 data, 1 q, 2 d, 3 dist, 4 used, 5 limit, 6 out; i32 locals 7 s, 8 n, 9 i,
// 10 k, 11 vbytes, 12… the group's chunk offsets, 12 + DOT_GROUP… their sums; v128 locals
// after them: the query block widened (low, high), a chunk's block, the group's accumulators.
/** Chunks whose dot products run side by side (see dotsBody). */
const DOT_GROUP = 4;
const offsetOf = (c: number) => 12 + c;
const sumOf = (c: number) => 12 + DOT_GROUP + c;
const Q_LO = 12 + 2 * DOT_GROUP;
const Q_HI = Q_LO + 1;
const BLOCK = Q_LO + 2;
const accOf = (c: number) => Q_LO + 3 + c;
const GT_U = 0x4b;

/**
 * The dot products of pairs i … i + g - 1 (their slots already in `out`), then
 * i += g: the group's chunks are read side by side, so their cache misses
 * overlap (the pool's chunks lie scattered over megabytes: one chunk at a
 * time waited on memory for most of the scan), and the query's block is
 * widened once for all of them.
 */
function dotGroup(g: number): number[] {
  const pairAt = (c: number) => [...get(6), ...get(9), ...i32(c), ADD, ...i32(3), SHL, ADD];
  const body: number[] = [];
  for (let c = 0; c < g; c++) {
    body.push(...get(0), ...pairAt(c), ...load(), ...get(2), MUL, ADD, ...set(offsetOf(c)));
    body.push(...V_ZERO, ...set(accOf(c)));
  }
  body.push(...i32(0), ...set(10));
  const block: number[] = [...get(1), ...get(10), ADD, ...V_LOAD, ...set(BLOCK)];
  block.push(...get(BLOCK), ...WIDEN_LO, ...set(Q_LO), ...get(BLOCK), ...WIDEN_HI, ...set(Q_HI));
  for (let c = 0; c < g; c++) {
    block.push(...get(offsetOf(c)), ...get(10), ADD, ...V_LOAD, ...set(BLOCK));
    block.push(...get(accOf(c)), ...get(BLOCK), ...WIDEN_LO, ...get(Q_LO), ...DOT16, ...ADD32);
    block.push(...get(BLOCK), ...WIDEN_HI, ...get(Q_HI), ...DOT16, ...ADD32, ...set(accOf(c)));
  }
  body.push(...loop([...get(10), ...get(11), GE_U], [...block, ...inc(10, i32(16))]));
  for (let c = 0; c < g; c++) body.push(...sumLanes(accOf(c)), ...set(sumOf(c)));
  const tail: number[] = [];
  for (let c = 0; c < g; c++) {
    tail.push(...get(sumOf(c)), ...get(offsetOf(c)), ...get(10), ADD, ...LOAD8_S);
    tail.push(...get(1), ...get(10), ADD, ...LOAD8_S, MUL, ADD, ...set(sumOf(c)));
  }
  body.push(...loop([...get(10), ...get(2), GE_U], [...tail, ...inc(10, i32(1))]));
  for (let c = 0; c < g; c++) body.push(...pairAt(c), ...get(sumOf(c)), ...store(4));
  body.push(...inc(9, i32(g)));
  return body;
}

/**
 * dots in two passes: the slots within `limit` into `out` (slot order), then
 * their dot products DOT_GROUP at a time, the last few one by one.
 */
const dots = [
  ...vec(
    [
      [5 + 2 * DOT_GROUP, I32],
      [3 + DOT_GROUP, V128],
    ].map(([n, t]) => [...leb(n!), t!]),
  ),
  ...[...get(2), ...i32(-16), AND, ...set(11)],
  ...loop(
    [...get(7), ...get(4), GE_U],
    [
      ...[...get(3), ...get(7), ...i32(1), SHL, ADD, ...LOAD16_U, ...get(5), LE_U],
      ...[0x04, 0x40], // if
      ...[...get(6), ...get(8), ...i32(3), SHL, ADD, ...get(7), ...store()],
      ...inc(8, i32(1)),
      0x0b, // end if
      ...inc(7, i32(1)),
    ],
  ),
  ...loop([...get(9), ...i32(DOT_GROUP), ADD, ...get(8), GT_U], dotGroup(DOT_GROUP)),
  ...loop([...get(9), ...get(8), GE_U], dotGroup(1)),
  ...get(8),
  0x0b,
];

/** The module's bytes for chunks of `words` sign words (at most MAX_WORDS). */
export function vectorWasmBytes(words: number): Uint8Array<ArrayBuffer> {
  if (words > MAX_WORDS) throw new Error(`${words} palabras de signos, máximo ${MAX_WORDS}`);
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vec([
        [0x60, ...vec(new Array(6).fill([I32])), 0],
        [0x60, ...vec(new Array(7).fill([I32])), 1, I32],
      ]),
    ),
    ...section(3, vec([[0], [1]])),
    ...section(5, vec([[0, 0]])), // one memory, 0 pages: each scanner grows its own
    ...section(
      7,
      vec([
        [...name('memory'), 2, 0],
        [...name('hamming'), 0, 0],
        [...name('dots'), 0, 1],
      ]),
    ),
    ...section(10, vec([hammingBody(words), dots].map((body) => [...leb(body.length), ...body]))),
  ];
  return new Uint8Array(bytes);
}
