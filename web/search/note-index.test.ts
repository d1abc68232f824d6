import { describe, expect, it } from 'vitest';
import { foldTerm, snippetFor } from './fold-term.ts';
import { buildNoteIndex } from './note-index.ts';

const notes = [
  { path: '01_Caracter/Bóveda.md', content: '# Bóveda\n\nLa bóveda guarda la memoria.' },
  { path: '03_Proyectos/Tesis.md', content: 'La tesis trata de la memoria de trabajo.' },
  { path: '04_Sueños/Faro.md', content: 'Un faro en la niebla.' },
];

describe('web/search/note-index', () => {
  it('finds accented words typed without accents', () => {
    const hits = buildNoteIndex(notes).search('boveda');
    expect(hits[0]?.path).toBe('01_Caracter/Bóveda.md');
    expect(hits[0]?.title).toBe('Bóveda');
  });

  it('requires every word and ranks by relevance', () => {
    expect(
      buildNoteIndex(notes)
        .search('memoria trabajo')
        .map((h) => h.path),
    ).toEqual(['03_Proyectos/Tesis.md']);
  });

  it('shows a snippet around the match in the original spelling', () => {
    expect(buildNoteIndex(notes).search('niebla')[0]?.snippet).toContain('faro en la niebla');
  });
});

describe('web/search/fold-term', () => {
  it('folds case and accents, ñ included', () => {
    expect(foldTerm('CORAZÓN Sueño')).toBe('corazon sueno');
  });

  it('cuts a long text around the first match, with ellipses', () => {
    const text = `${'a '.repeat(100)}corazón ${'b '.repeat(100)}`;
    const snippet = snippetFor(text, ['corazon']);
    expect(snippet).toContain('corazón');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });
});
