import { describe, expect, it } from 'vitest';
import { lineColumn, locateJsonError } from './json-error.ts';

describe('server/harness/json-error', () => {
  it('finds nothing wrong in valid JSON', () => {
    expect(locateJsonError('{"a": [1, -2.5e3, true, null, "x\\u00e9\\n"], "b": {}}')).toBeNull();
  });

  it('agrees with JSON.parse about what is invalid', () => {
    const samples = [
      '{"a":1,}',
      '[1,]',
      '{"a" 1}',
      '{a:1}',
      "{'a':1}",
      '[01]',
      '{"a":1} x',
      '"\\x"',
      '',
      '[',
    ];
    for (const sample of samples) {
      expect(() => JSON.parse(sample)).toThrow();
      expect(locateJsonError(sample), sample).not.toBeNull();
    }
  });

  it('points at the offending character with 1-based line and column', () => {
    expect(locateJsonError('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3 });
    expect(locateJsonError('{"a": "sin cerrar')).toMatchObject({ line: 1, column: 18 });
  });

  it('explains a trailing comma and an unclosed object in Spanish', () => {
    expect(locateJsonError('[1, 2,\n]')).toMatchObject({
      line: 1,
      column: 6,
      reason: 'sobra la coma antes de «]»',
    });
    expect(locateJsonError('{"a": 1')?.reason).toBe(
      'se esperaba «,» o «}» y se encontró el final del archivo',
    );
  });

  it('counts columns from 1 on every line', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
