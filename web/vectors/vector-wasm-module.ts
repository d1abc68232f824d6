/**
 * The vector scan's WebAssembly module, assembled here byte by byte (no
 * compiler is part of the build; the module is ~1.8 KB). Two functions over
 * its one exported memory, both exact integer arithmetic, so their results
 * equal vector-scan.ts's JS loops bit for bit:
 *
 * - `hamming(signs, qs, used, words, dist, hist)`: per chunk, the popcount of
 *   its sign words XOR the query's (i8x16.popcnt over 16 bytes at a time,
 *   i32.popcnt for the last words), stored as u16 at dist[s]; hist[c] += 1;
 *   four chunks at a time while four are left (hammingGroup). Made for one
 *   number of words (a module per index's dimensions).
 * - `dots(data, q, d, dist, used, limit, out) → n`: per chunk whose dist ≤
 *   limit, in slot order, the int8 dot product with q (widened to i16,
 *   i32x4.dot_i16x8_s), written as the pair (slot, dot) of i32 at out; the
 *   slots are listed first, then scored four at a time (dotGroup says why).
 */

import { dotsBody } from './wasm-dots.ts';
import { I32, leb, name, section, vec } from './wasm-encoding.ts';
import { hammingBody } from './wasm-hamming.ts';

/** The most sign words a module is made for: 16-byte blocks summed in i8 lanes (≤ 8 each) must stay < 256. */
export const MAX_WORDS = 124;

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
    ...section(
      10,
      vec([hammingBody(words), dotsBody].map((body) => [...leb(body.length), ...body])),
    ),
  ];
  return new Uint8Array(bytes);
}
