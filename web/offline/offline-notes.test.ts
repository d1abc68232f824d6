import { describe, expect, it } from 'vitest';
import { noteFromCache } from './offline-notes.ts';

describe('web/offline/offline-notes', () => {
  it('names a saved note as the server does: file name without .md, NFC', () => {
    const note = noteFromCache({
      path: '04_Suen\u0303os/Vuelo.MD',
      hash: 'h',
      content: '---\nestado: activo\n---\nCuerpo',
    });
    expect(note.name).toBe('Vuelo');
    expect(note.body).toBe('Cuerpo');
  });

  it('drops the front matter block as the server does: BOM, empty block, trailing blanks', () => {
    const body = (content: string) => noteFromCache({ path: 'a.md', hash: 'h', content }).body;
    expect(body('\uFEFF---\na: 1\n---\nCuerpo')).toBe('Cuerpo');
    expect(body('---\n---\nCuerpo')).toBe('Cuerpo');
    expect(body('---\na: 1\n---  \nCuerpo')).toBe('Cuerpo');
    expect(body('# Título\n---\na: 1\n---\n')).toBe('# Título\n---\na: 1\n---\n');
  });
});
