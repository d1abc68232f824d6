import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configuredKeys, redactingLog, redactKeys, StreamRedactor } from './key-redaction.ts';

const KEY = 'gsk_SECRETO1234567890abcdef';

/** How an upstream may re-encode text that holds a key, each with the decoder that undoes it. */
const ENCODINGS: Record<string, { encode: (t: string) => string; decode: (t: string) => string }> =
  {
    percent: {
      encode: (t) => [...Buffer.from(t)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
      decode: (t) =>
        Buffer.from(
          t.replace(/%([0-9a-f]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString(),
    },
    percentUpper: {
      encode: (t) =>
        [...Buffer.from(t)]
          .map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`)
          .join(''),
      decode: (t) => ENCODINGS.percent!.decode(t),
    },
    uriComponent: { encode: encodeURIComponent, decode: (t) => ENCODINGS.percent!.decode(t) },
    base64: {
      encode: (t) => Buffer.from(t).toString('base64'),
      decode: (t) => Buffer.from(t, 'base64').toString('latin1'),
    },
    base64url: {
      encode: (t) => Buffer.from(t).toString('base64url'),
      decode: (t) => Buffer.from(t, 'base64url').toString('latin1'),
    },
    reversed: {
      encode: (t) => [...t].reverse().join(''),
      decode: (t) => [...t].reverse().join(''),
    },
    hex: {
      encode: (t) => Buffer.from(t).toString('hex'),
      decode: (t) => Buffer.from(t.replace(/[^0-9a-f]/gi, ''), 'hex').toString('latin1'),
    },
  };

/** Keys as providers issue them: letters, digits and a few marks, 16 to 64 long. */
const KEY_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'];
const anyKey = fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 16, maxLength: 64 });

/** Feeds `pieces` through a redactor and returns everything it let out. */
function stream(keys: string[], pieces: string[]): string {
  const r = new StreamRedactor(keys);
  return pieces.map((p) => r.push(p)).join('') + r.end();
}

describe('key-redaction', () => {
  it('reads the keys of the providers that have one, longest first', () => {
    const providers = [
      { apiKeyEnv: 'A' },
      { apiKeyEnv: null },
      { apiKeyEnv: 'B' },
      { apiKeyEnv: 'C' },
    ];
    expect(configuredKeys(providers, { A: 'corta-1', B: ' la-mas-larga ', C: '' })).toEqual([
      'la-mas-larga',
      'corta-1',
    ]);
  });

  it('replaces every key in a text', () => {
    expect(redactKeys(`a ${KEY} b ${KEY}`, [KEY])).toBe('a *** b ***');
  });

  it('keeps keys out of every log line, with the keys of the moment', () => {
    const lines: string[] = [];
    let keys = [KEY];
    const log = redactingLog(
      (l) => lines.push(l),
      () => keys,
    );
    log(`error interno en POST /api/x/${KEY}: Error: ${KEY}`);
    keys = ['nueva-clave-1234'];
    log('con nueva-clave-1234');
    expect(lines).toEqual(['error interno en POST /api/x/***: Error: ***', 'con ***']);
  });

  it('redacts a key split across two streamed pieces, at any split point', () => {
    const text = `Tu clave es ${KEY}, guárdala.`;
    for (let i = 0; i <= text.length; i++) {
      const out = stream([KEY], [text.slice(0, i), text.slice(i)]);
      expect(out).toBe('Tu clave es ***, guárdala.');
    }
  });

  it('holds back only a tail that could still become a key', () => {
    const r = new StreamRedactor([KEY]);
    expect(r.push('hola gs')).toBe('hola ');
    expect(r.push('t')).toBe('gst');
  });

  it('masks a long key prefix left at the end instead of showing it', () => {
    expect(stream([KEY], ['fin ', KEY.slice(0, 20)])).toBe('fin ***');
    expect(stream([KEY], ['fin g'])).toBe('fin g');
  });

  it('never lets a key out, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.array(fc.nat({ max: 120 }), { maxLength: 8 }),
        (before, after, cuts) => {
          const text = `${before}${KEY}${after}`;
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...points].map((p, i, all) =>
            text.slice(p, all[i + 1] ?? text.length),
          );
          return !stream([KEY], pieces).includes(KEY);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each(Object.keys(ENCODINGS))('replaces a key an upstream re-encoded as %s', (name) => {
    const { encode, decode } = ENCODINGS[name]!;
    const out = redactKeys(`eco: ${encode(`{"authorization":"Bearer ${KEY}"}`)} fin`, [KEY]);
    expect(out).toContain('***');
    expect(decode(out)).not.toContain(KEY);
    expect(decode(out)).not.toContain('SECRETO');
  });

  it('never lets a random key out in any of those encodings, at any offset, whole or streamed', () => {
    fc.assert(
      fc.property(
        anyKey,
        fc.constantFrom(...Object.keys(ENCODINGS)),
        fc.string({ maxLength: 20, unit: 'grapheme' }),
        fc.string({ maxLength: 20, unit: 'grapheme' }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 6 }),
        (key, name, before, after, cuts) => {
          const { encode, decode } = ENCODINGS[name]!;
          const text = `upstream: ${encode(`${before}${key}${after}`)} .`;
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...points].map((p, i, all) =>
            text.slice(p, all[i + 1] ?? text.length),
          );
          return [redactKeys(text, [key]), stream([key], pieces)].every(
            (out) => !decode(out).includes(key) && !out.includes(key),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('leaves text without a key as it was, encodings of other words included', () => {
    const text = `hola ${Buffer.from('hola mundo').toString('base64')} %68%6f%6c%61 aloh`;
    expect(redactKeys(text, [KEY])).toBe(text);
    expect(stream([KEY], [text.slice(0, 9), text.slice(9)])).toBe(text);
  });
});
