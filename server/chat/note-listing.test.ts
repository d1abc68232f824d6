import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNameIndex, emptyNameIndex, rankNoteNames, updateNameIndex } from './note-listing.ts';

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

  it('brought up to date, keeps the terms of the names it had and ranks as one built afresh', () => {
    const index = buildNameIndex(notes);
    const tesis = index.byKey.get('tesis')!.terms;
    const edited = [...notes.slice(1), { path: '00_Entrada/Apunte suelto.md', mtime: 10 }];
    const renamed = [...edited, { path: '02_Nuevo/Fotos recuperadas.md', mtime: 11 }];
    updateNameIndex(index, renamed);
    expect(index.byKey.get('tesis')!.terms).toBe(tesis);
    const focus = { message: '¿Cómo recupero las fotos?', notes: [] };
    expect(rankNoteNames(index, focus)).toEqual(rankNoteNames(buildNameIndex(renamed), focus));
    expect(rankNoteNames(index, focus).names.slice(0, 3)).toEqual([
      'Fotos recuperadas',
      'Recuperación de fotos',
      'Recuperar el sueño',
    ]);
  });

  it('leaves out the excluded folders, folded, and takes them back when no longer excluded', () => {
    const index = buildNameIndex(notes, ['06_archivo/']);
    const all = (i: typeof index) => rankNoteNames(i, { message: '', notes: [] }).names;
    expect(all(index)).toEqual(['Tesis', 'Apunte suelto', 'Recuperación de fotos']);
    expect(all(updateNameIndex(index, notes))).toEqual(all(buildNameIndex(notes)));
  });

  it('kept up to date through any run of edits, new notes and deletions, ranks as one built afresh', () => {
    const names = [
      'Faro',
      'faro',
      'Marea alta',
      'Recuperar fotos',
      'Fotos',
      'Tesis',
      'Ñandú',
      'Árbol',
    ];
    const note = fc.record({
      path: fc
        .tuple(fc.constantFrom('a/', 'b/', 'c/d/'), fc.constantFrom(...names))
        .map(([dir, name]) => `${dir}${name}.md`),
      mtime: fc.integer({ min: 0, max: 5 }),
    });
    // Each step is the whole listing, as a manifest gives it (a path once).
    const listing = fc
      .array(note, { maxLength: 12 })
      .map((xs) => [...new Map(xs.map((n) => [n.path, n])).values()]);
    fc.assert(
      fc.property(fc.array(listing, { minLength: 1, maxLength: 6 }), fc.boolean(), (steps, cut) => {
        const exclude = cut ? ['b/'] : [];
        const index = emptyNameIndex();
        for (const step of steps) {
          updateNameIndex(index, step, exclude);
          const fresh = buildNameIndex(step, exclude);
          for (const message of ['', 'las fotos del faro', 'marea']) {
            expect(rankNoteNames(index, { message, notes: [] })).toEqual(
              rankNoteNames(fresh, { message, notes: [] }),
            );
          }
        }
      }),
    );
  });
});
