import { describe, expect, it } from 'vitest';
import { rememberedText } from './remember-text.ts';

describe('rememberedText', () => {
  it('takes what follows «Recuerda que» or «Recuerda:», capitalised', () => {
    expect(rememberedText('Recuerda que prefiero ejemplos de biología.')).toBe(
      'Prefiero ejemplos de biología.',
    );
    expect(rememberedText('recuerda: mi tesis va sobre el sueño')).toBe(
      'Mi tesis va sobre el sueño',
    );
    expect(rememberedText('Remember that I teach on Mondays')).toBe('I teach on Mondays');
  });

  it('leaves other messages alone, and an opening with nothing after it', () => {
    expect(rememberedText('¿Recuerdas que hablamos de Kant?')).toBeNull();
    expect(rememberedText('Recuerda quedarte con lo esencial')).toBeNull();
    expect(rememberedText('Recuerda que   ')).toBeNull();
    expect(rememberedText('Dime qué recuerda que dijo')).toBeNull();
  });
});
