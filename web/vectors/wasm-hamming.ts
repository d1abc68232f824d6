/** The vector scan's `hamming` function body (vector-wasm-module.ts says what it computes). */

import {
  ADD,
  ADD8,
  ADD16,
  GE_U,
  GT_U,
  get,
  I32,
  i32,
  inc,
  lane,
  leb,
  load,
  locals,
  loop,
  PAIRWISE8_U,
  PAIRWISE16_U,
  POPCNT,
  POPCNT8,
  range,
  SHL,
  SHUFFLE,
  STORE16,
  set,
  simd,
  store,
  sumLanes,
  V_XOR,
  V128,
  XOR,
} from './wasm-encoding.ts';

/**
 * hamming, straight-line for `words` sign words a chunk (the index's dimensions
 * fix them): the query's blocks sit in locals, each chunk's blocks are XORed,
 * counted and summed in i8 lanes, then widened once.
 * Params 0 signs, 1 qs, 2 used, 3 words (unused), 4 dist, 5 hist; locals 6 s,
 * 7 o, 8 c; 9 acc and 10… the query's blocks (v128); then its last words (i32).
 */
export function hammingBody(words: number): number[] {
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
    ...locals([
      [3, I32],
      [1 + blocks, V128],
      [tail, I32],
      [4, V128],
    ]),
    ...prologue,
    ...[...get(0), ...set(7)],
    ...(blocks > 0 ? hammingGroup(words, qBlock, qWord) : []),
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

/**
 * hamming's loop over four chunks at a time (while four are left): their
 * counts, summed in i16 lanes, are shuffled together so that one pairwise add
 * gives the four distances (the horizontal sum was a large share of a chunk's work:
 * docs/FACTS.md).
 * Locals as hammingBody's; the four after its last are v128 scratch.
 */
function hammingGroup(
  words: number,
  qBlock: (i: number) => number,
  qWord: (j: number) => number,
): number[] {
  const blocks = words >> 2;
  const tail = words & 3;
  const scratch = (c: number) => 10 + blocks + tail + c;
  const chunk = (c: number) => 4 * words * c;
  const body: number[] = [];
  for (let c = 0; c < 4; c++) {
    for (let i = 0; i < blocks; i++) {
      body.push(...get(7), ...simd(0x00, 0, ...leb(chunk(c) + 16 * i)), ...get(qBlock(i)));
      body.push(...V_XOR, ...POPCNT8, ...(i > 0 ? ADD8 : []));
    }
    body.push(...PAIRWISE8_U, ...set(scratch(c)));
  }
  // [a b] → the low halves of both plus their high halves: each chunk's eight i16 lanes in four.
  const halves = (a: number, b: number) => [
    ...[...get(a), ...get(b), ...SHUFFLE([...range(0, 8), ...range(16, 8)])],
    ...[...get(a), ...get(b), ...SHUFFLE([...range(8, 8), ...range(24, 8)]), ...ADD16],
  ];
  body.push(...halves(scratch(0), scratch(1)), ...set(scratch(0)));
  body.push(...halves(scratch(2), scratch(3)), ...set(scratch(2)));
  // Then each chunk's four lanes in two (32-bit lanes 0 and 2 of both, plus 1 and 3), and pairwise: one i32 each.
  const even = [...range(0, 4), ...range(8, 4), ...range(16, 4), ...range(24, 4)];
  const odd = even.map((b) => b + 4);
  body.push(...get(scratch(0)), ...get(scratch(2)), ...SHUFFLE(even));
  body.push(...get(scratch(0)), ...get(scratch(2)), ...SHUFFLE(odd), ...ADD16, ...PAIRWISE16_U);
  body.push(...set(scratch(1)));
  for (let c = 0; c < 4; c++) {
    body.push(...get(scratch(1)), ...lane(c), ...set(8));
    for (let j = 0; j < tail; j++) {
      body.push(...get(8), ...get(7), ...load(chunk(c) + 16 * blocks + 4 * j), ...get(qWord(j)));
      body.push(XOR, POPCNT, ADD, ...set(8));
    }
    body.push(...get(4), ...get(6), ...i32(1), SHL, ADD, ...get(8), 0x3b, 1, ...leb(2 * c));
    body.push(...get(5), ...get(8), ...i32(2), SHL, ADD, ...set(8));
    body.push(...get(8), ...get(8), ...load(), ...i32(1), ADD, ...store());
  }
  body.push(...inc(7, i32(16 * words)), ...inc(6, i32(4)));
  return loop([...get(6), ...i32(4), ADD, ...get(2), GT_U], body);
}
