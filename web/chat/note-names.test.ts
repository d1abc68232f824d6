import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../common/commands.ts';
import { completeUnir, noteSuggestions, resolveNoteNames, unirFragment } from './note-names.ts';

const paths = ['03_Proyectos/Tesis.md', '01_Caracter/Memoria activa.md', '00_Entrada/Tesis.md'];

describe('web/chat/note-names', () => {
  it('offers names that start with the fragment first, accents ignored', () => {
    expect(noteSuggestions('mem', paths)).toEqual(['01_Caracter/Memoria activa.md']);
    expect(noteSuggestions('TES', paths)).toEqual(['00_Entrada/Tesis.md', '03_Proyectos/Tesis.md']);
  });

  it('completes the name being typed after the last comma', () => {
    expect(unirFragment('/unir Tesis, Mem')).toEqual({ fragment: 'Mem', start: 12 });
    expect(unirFragment('hola')).toBeNull();
    expect(completeUnir('/unir Tesis, Mem', paths[1] ?? '')).toBe(
      '/unir Tesis, "01_Caracter/Memoria activa.md", ',
    );
    const completed = parseCommand(completeUnir('/unir Tes', paths[0] ?? ''));
    const argv = completed.kind === 'command' ? completed.argv : [];
    expect(argv).toEqual(['03_Proyectos/Tesis.md']);
    expect(resolveNoteNames(argv, paths).paths).toEqual([paths[0]]);
  });
});
