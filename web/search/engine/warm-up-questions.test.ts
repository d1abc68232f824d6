import { describe, expect, it } from 'vitest';
import { NoteIndex } from './note-index.ts';
import { warmUpQuestions } from './warm-up-questions.ts';

describe('warmUpQuestions', () => {
  it('asks each title as typed, its longest word misspelt and that word half typed', () => {
    expect(warmUpQuestions(['Receta de la Tortilla'])).toEqual([
      { query: 'Receta de la Tortilla', typing: false },
      { query: 'tortlla', typing: false },
      { query: 'tort', typing: true },
    ]);
  });

  it('asks a title of short words only as typed, and nothing without titles', () => {
    expect(warmUpQuestions(['Mi té'])).toEqual([{ query: 'Mi té', typing: false }]);
    expect(warmUpQuestions([])).toEqual([]);
  });

  it('makes questions that reach the typo walk and the prefix completions of a real index', () => {
    const index = NoteIndex.empty();
    index.upsert('cocina/Tortilla de patatas.md', 'Huevos, patatas y cebolla.');
    index.upsert('viajes/Lisboa en otoño.md', 'Tranvías y miradores.');
    const [asTyped, misspelt, halfTyped] = warmUpQuestions(index.someTitles(1));
    expect(asTyped?.query).toBe('Tortilla de patatas');
    // No note holds the misspelt word: only the typo walk finds the note.
    expect(index.search(misspelt!.query, {}, false).map((h) => h.path)).toEqual([
      'cocina/Tortilla de patatas.md',
    ]);
    expect(index.search(halfTyped!.query, {}, true).map((h) => h.path)).toEqual([
      'cocina/Tortilla de patatas.md',
    ]);
  });
});

describe('NoteIndex.someTitles', () => {
  it('spreads the titles it gives over the whole index', () => {
    const index = NoteIndex.empty();
    for (let i = 0; i < 12; i++) index.upsert(`Nota ${i}.md`, 'texto');
    expect(index.someTitles(3)).toEqual(['Nota 0', 'Nota 4', 'Nota 8']);
    expect(index.someTitles(50)).toHaveLength(12);
  });
});
