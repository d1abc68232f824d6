import { describe, expect, it } from 'vitest';
import { revealInvisible, splitAround } from './reveal-invisible.ts';

describe('revealInvisible', () => {
  it('spells out bidi controls, so a right-to-left override cannot disguise a name', () => {
    expect(revealInvisible('03_Proyectos/factura\u202Edm.exe')).toBe(
      '03_Proyectos/factura⟨U+202E⟩dm.exe',
    );
    expect(revealInvisible('a\u2066b\u2069c\u200Fd\u061Ce')).toBe(
      'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d⟨U+061C⟩e',
    );
  });

  it('spells out zero-width characters, the BOM, the soft hyphen and control characters', () => {
    expect(revealInvisible('no\u200Bta\u200D.md\uFEFF')).toBe('no⟨U+200B⟩ta⟨U+200D⟩.md⟨U+FEFF⟩');
    expect(revealInvisible('a\u00ADb\u0007c')).toBe('a⟨U+00AD⟩b⟨U+0007⟩c');
  });

  it('leaves ordinary names alone: accents, spaces, emoji with their variation selector', () => {
    for (const name of ['04_Sueños/Canción de cuna.md', 'Ideas ❤️.md', 'مرحبا.md', '..nota.md']) {
      expect(revealInvisible(name)).toBe(name);
    }
  });
});

describe('splitAround', () => {
  it('splits a sentence around the value of its placeholder', () => {
    expect(splitAround((v) => `Línea que se añadirá a ${v}:`)).toEqual({
      before: 'Línea que se añadirá a ',
      after: ':',
    });
    expect(splitAround(() => 'sin hueco')).toBeNull();
  });
});
