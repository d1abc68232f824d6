import { describe, expect, it } from 'vitest';
import { buildNameIndex, rankNoteNames } from './note-listing.ts';

const notes = [
  { path: '00_Entrada/Apunte suelto.md', mtime: 5 },
  { path: '01_Caracter/Recuperación de fotos.md', mtime: 1 },
  { path: '03_Proyectos/Tesis.md', mtime: 2 },
  { path: '06_Archivo/Zanahoria.md', mtime: 3 },
  { path: '06_Archivo/Recuperar el sueño.md', mtime: 4 },
  { path: 'Otra/tesis.md', mtime: 9 },
];

describe('server/chat/note-listing', () => {
  it('lists each name once, newest first, when nothing is chosen or said', () => {
    const ranked = rankNoteNames(buildNameIndex(notes), { message: '', notes: [] });
    expect(ranked).toEqual({
      names: ['Tesis', 'Apunte suelto', 'Recuperar el sueño', 'Zanahoria', 'Recuperación de fotos'],
      linked: 0,
      matched: 0,
    });
  });

  it('puts first the names the chosen notes link to, then those sharing a stem with the words', () => {
    const ranked = rankNoteNames(buildNameIndex(notes), {
      message: '¿Cómo recupero las fotos?',
      notes: [{ path: 'x/Diario.md', text: 'Ver [[Zanahoria|la zanahoria]] y [[No existe]].' }],
    });
    expect(ranked.names.slice(0, 3)).toEqual([
      'Zanahoria',
      'Recuperación de fotos',
      'Recuperar el sueño',
    ]);
    expect(ranked).toMatchObject({ linked: 1, matched: 2 });
    expect(ranked.names).toHaveLength(5);
  });

  it("matches the chosen notes' own names too, folded", () => {
    const ranked = rankNoteNames(buildNameIndex(notes), {
      message: '',
      notes: [{ path: 'x/TESIS.md', text: 'sin enlaces' }],
    });
    expect(ranked.names[0]).toBe('Tesis');
    expect(ranked.matched).toBe(1);
  });

  it('built from the last index, keeps the terms of the names it had and ranks as one built afresh', () => {
    const before = buildNameIndex(notes);
    const edited = [...notes.slice(1), { path: '00_Entrada/Apunte suelto.md', mtime: 10 }];
    const renamed = [...edited, { path: '02_Nuevo/Fotos recuperadas.md', mtime: 11 }];
    const after = buildNameIndex(renamed, before);
    const fresh = buildNameIndex(renamed);
    const tesis = before.entries[before.byKey.get('tesis')!]!;
    expect(after.entries[after.byKey.get('tesis')!]!.terms).toBe(tesis.terms);
    const focus = { message: '¿Cómo recupero las fotos?', notes: [] };
    expect(rankNoteNames(after, focus)).toEqual(rankNoteNames(fresh, focus));
    expect(rankNoteNames(after, focus).names.slice(0, 3)).toEqual([
      'Fotos recuperadas',
      'Recuperación de fotos',
      'Recuperar el sueño',
    ]);
  });
});
