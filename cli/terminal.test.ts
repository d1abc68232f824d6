import { describe, expect, it } from 'vitest';
import { readAnswer } from './terminal.ts';

describe('readAnswer', () => {
  it('reads Enter, s, sí and yes as yes, as the seed’s [S/n] did', () => {
    for (const a of ['', '  ', 's', 'S', 'si', 'sí', 'SÍ', 'y', 'yes'])
      expect(readAnswer(a), a).toBe(true);
  });

  it('reads n and no as no, and anything else as no answer', () => {
    for (const a of ['n', 'N', 'no', 'No']) expect(readAnswer(a), a).toBe(false);
    for (const a of ['quizá', 'sn', 'nope']) expect(readAnswer(a), a).toBeNull();
  });
});
