import { describe, expect, it } from 'vitest';
import { wantsPrefix } from './wants-prefix.ts';

describe('web/search/engine/wants-prefix', () => {
  it('lets the last word match as a prefix only while typed and from three letters', () => {
    expect(wantsPrefix('bóv')).toBe(true);
    expect(wantsPrefix('receta de tort')).toBe(true);
    expect(wantsPrefix('ca')).toBe(false);
    expect(wantsPrefix('receta de')).toBe(false);
    expect(wantsPrefix('tortilla ')).toBe(false);
    expect(wantsPrefix('¿qué es la niebla?')).toBe(false);
    expect(wantsPrefix('')).toBe(false);
  });
});
