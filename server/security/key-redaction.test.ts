import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configuredKeys, redactingLog, redactKeys, StreamRedactor } from './key-redaction.ts';

const KEY = 'gsk_SECRETO1234567890abcdef';

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
});
