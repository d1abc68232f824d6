import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';

describe('common/fold-text', () => {
  it('folds case and accents, ñ included', () => {
    expect(foldText('CORAZÓN Sueño')).toBe('corazon sueno');
  });

  it('reads decomposed text (n + combining tilde) as its composed form', () => {
    expect(foldText('Sue\u006e\u0303o')).toBe(foldText('Sueño'));
    expect(foldText('RESUMÍR'.normalize('NFD'))).toBe('resumir');
  });

  it('keeps letters without a decomposition, whatever the locale', () => {
    expect(foldText('Straße ØRE')).toBe('straße øre');
    expect(foldText('İ')).toBe('i');
  });
});
