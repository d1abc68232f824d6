/**
 * A string's JSON (as `JSON.stringify` writes it) straight from its UTF-8 bytes. The
 * export sends 20 MB of notes at 10k: decoding each file into a string, stringifying it
 * and encoding the line back to bytes cost the server CPU a first sync waits for
 * (measured: docs/FACTS.md); this
 * copies the bytes once, escaping as it goes.
 */

/** Per byte: 0 to copy it; else the letter after the backslash (`u` for `\u00XX`). */
const ESCAPE = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) ESCAPE[b] = 0x75;
ESCAPE[0x08] = 0x62; // \b
ESCAPE[0x09] = 0x74; // \t
ESCAPE[0x0a] = 0x6e; // \n
ESCAPE[0x0c] = 0x66; // \f
ESCAPE[0x0d] = 0x72; // \r
ESCAPE[0x22] = 0x22; // \"
ESCAPE[0x5c] = 0x5c; // \\
const HEX = new TextEncoder().encode('0123456789abcdef');

/** The most bytes `writeJsonString` writes for `length` bytes of text (all `\u00XX`, and the quotes). */
export const jsonStringMaxBytes = (length: number) => 6 * length + 2;

/**
 * Writes `utf8` (well-formed UTF-8: a note the scan checked) as a JSON string into `out`
 * at `at`, and returns where it ended. Byte for byte what `JSON.stringify` of the decoded
 * text gives, encoded as UTF-8: only `"`, `\` and control characters are escaped (valid
 * UTF-8 holds no lone surrogates, the one other thing JSON.stringify escapes). `out` must
 * have room for `jsonStringMaxBytes(utf8.length)`.
 */
export function writeJsonString(utf8: Uint8Array, out: Uint8Array, at: number): number {
  let o = at;
  out[o++] = 0x22;
  for (let i = 0; i < utf8.length; i++) {
    const b = utf8[i]!;
    const e = ESCAPE[b]!;
    if (e === 0) {
      out[o++] = b;
      continue;
    }
    out[o++] = 0x5c;
    out[o++] = e;
    if (e === 0x75) {
      out[o++] = 0x30;
      out[o++] = 0x30;
      out[o++] = HEX[b >> 4]!;
      out[o++] = HEX[b & 15]!;
    }
  }
  out[o++] = 0x22;
  return o;
}
