/** The vector scan's `dots` function body (vector-wasm-module.ts says what it computes). */

import {
  ADD,
  ADD32,
  AND,
  DOT16,
  GE_U,
  GT_U,
  get,
  I32,
  i32,
  inc,
  LE_U,
  LOAD8_S,
  LOAD16_U,
  load,
  locals,
  loop,
  MUL,
  SHL,
  set,
  store,
  sumLanes,
  V_LOAD,
  V_ZERO,
  V128,
  WIDEN_HI,
  WIDEN_LO,
} from './wasm-encoding.ts';

// dots: params 0 data, 1 q, 2 d, 3 dist, 4 used, 5 limit, 6 out; i32 locals 7 s, 8 n, 9 i,
// 10 k, 11 vbytes, 12… the group's chunk offsets, 12 + DOT_GROUP… their sums; v128 locals
// after them: the query block widened (low, high), a chunk's block, the group's accumulators.
/** Chunks whose dot products run side by side (see dotGroup). */
const DOT_GROUP = 4;
const offsetOf = (c: number) => 12 + c;
const sumOf = (c: number) => 12 + DOT_GROUP + c;
const Q_LO = 12 + 2 * DOT_GROUP;
const Q_HI = Q_LO + 1;
const BLOCK = Q_LO + 2;
const accOf = (c: number) => Q_LO + 3 + c;
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
export const dotsBody = [
  ...locals([
    [5 + 2 * DOT_GROUP, I32],
    [3 + DOT_GROUP, V128],
  ]),
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
