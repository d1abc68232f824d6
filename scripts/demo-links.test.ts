import { describe, expect, it } from 'vitest';
import { demoLink, noteNamesFromRequest } from './demo-links.ts';

const PROMPT = 'Estas son las notas que existen en la bóveda, un nombre por línea.';
const body = (system: string) => ({
  messages: [
    { role: 'system', content: system },
    { role: 'user', content: 'Hola' },
  ],
});

describe('scripts/demo-links', () => {
  it('reads the note names from the fenced listing after the listing prompt', () => {
    const system = `Eres SOMA.\n\n${PROMPT}\n~~~\nTesis\nMemoria activa\n\n~~~\n\nOtra parte.`;
    expect(noteNamesFromRequest(body(system), PROMPT)).toEqual(['Tesis', 'Memoria activa']);
  });

  it('finds no names when SOMA sent no listing, or a malformed one', () => {
    expect(noteNamesFromRequest(body('Eres SOMA.'), PROMPT)).toEqual([]);
    expect(noteNamesFromRequest(body(`${PROMPT}\nsin valla`), PROMPT)).toEqual([]);
    expect(noteNamesFromRequest(null, PROMPT)).toEqual([]);
  });

  it('keeps out lines that would break a [[link]]', () => {
    const system = `${PROMPT}\n~~~\nBuena\nMala]] [[otra\n~~~`;
    expect(noteNamesFromRequest(body(system), PROMPT)).toEqual(['Buena']);
  });

  it('links a note every other answer, taking the names in turn', () => {
    const names = ['A', 'B'];
    expect([0, 1, 2, 3, 4].map((n) => demoLink(names, n))).toEqual(['A', null, 'B', null, 'A']);
    expect(demoLink([], 0)).toBeNull();
  });
});
