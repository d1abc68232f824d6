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
});
