/**
 * How vectors travel between the server and the browser: each vector is normalised to
 * unit length, then quantised to int8 with one float scale (value ≈ int8 × scale), and
 * the int8 bytes are sent as base64. A 384-dimension vector is 384 bytes plus a number:
 * a quarter of float32, and cosine similarity moves by well under 0.01.
 */

/** One quantised vector: `data` is base64 of the int8 components. */
export interface EncodedVector {
  scale: number;
  data: string;
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}

/** int8 components and the scale that maps them back (largest |component| becomes 127). */
export function quantize(v: Float32Array): { q: Int8Array; scale: number } {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 0;
  const q = new Int8Array(v.length);
  if (scale > 0) for (let i = 0; i < v.length; i++) q[i] = Math.round((v[i] as number) / scale);
  return { q, scale };
}

/** The float vector an int8 vector stands for. */
export function dequantize(q: Int8Array, scale: number): Float32Array {
  const v = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) v[i] = (q[i] as number) * scale;
  return v;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 of bytes; written out so the browser and Node share one copy without Buffer. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63];
    out += B64[(n >> 12) & 63];
    out += b === undefined ? '=' : B64[(n >> 6) & 63];
    out += c === undefined ? '=' : B64[n & 63];
  }
  return out;
}

/** Bytes of a standard base64 string; throws on characters outside the alphabet. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (const ch of clean) {
    const k = B64.indexOf(ch);
    if (k < 0) throw new Error(`base64 no válido: «${ch}»`);
    acc = (acc << 6) | k;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 255;
    }
  }
  return out;
}

/** A float vector as it travels: normalised, int8, base64. */
export function encodeVector(v: Float32Array): EncodedVector {
  const { q, scale } = quantize(normalize(Float32Array.from(v)));
  return { scale, data: bytesToBase64(new Uint8Array(q.buffer, q.byteOffset, q.byteLength)) };
}

/** The int8 components of an encoded vector (the browser scores these directly). */
export function decodeInt8(e: EncodedVector): Int8Array {
  const bytes = base64ToBytes(e.data);
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The float vector an encoded vector stands for. */
export function decodeVector(e: EncodedVector): Float32Array {
  return dequantize(decodeInt8(e), e.scale);
}

/** Cosine similarity of two vectors of one length (0 when either is zero). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`dimensiones distintas: ${a.length} y ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
