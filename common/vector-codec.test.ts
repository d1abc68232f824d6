import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  cosine,
  decodeInt8,
  decodeVector,
  encodeVector,
} from './vector-codec.ts';

describe('common/vector-codec', () => {
  it('base64 matches Node for any bytes and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect([...base64ToBytes(text)]).toEqual([...bytes]);
      }),
    );
  });

  it('refuses characters outside the base64 alphabet', () => {
    expect(() => base64ToBytes('ab$d')).toThrow(/base64/);
  });

  it('keeps cosine similarity within 0.01 through int8 encoding', () => {
    const vec = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), {
      minLength: 16,
      maxLength: 16,
    });
    fc.assert(
      fc.property(vec, vec, (a, b) => {
        const fa = Float32Array.from(a);
        const fb = Float32Array.from(b);
        const exact = cosine(fa, fb);
        const approx = cosine(decodeVector(encodeVector(fa)), decodeVector(encodeVector(fb)));
        expect(Math.abs(exact - approx)).toBeLessThan(0.01 + (exact === 0 ? 0.02 : 0));
      }),
    );
  });

  it('normalises before quantising, so the largest component is ±127', () => {
    const e = encodeVector(Float32Array.from([3, -4, 0]));
    expect([...decodeInt8(e)]).toEqual([95, -127, 0]);
    expect(e.scale).toBeCloseTo(0.8 / 127, 6);
  });

  it('encodes a zero vector as zeros with scale 0', () => {
    const e = encodeVector(new Float32Array(4));
    expect(e.scale).toBe(0);
    expect([...decodeVector(e)]).toEqual([0, 0, 0, 0]);
    expect(cosine(new Float32Array(4), Float32Array.from([1, 0, 0, 0]))).toBe(0);
  });

  it('refuses vectors of different lengths', () => {
    expect(() => cosine([1, 2], [1, 2, 3])).toThrow(/dimensiones/);
  });
});
