import { describe, expect, it } from 'vitest';
import { NoteIndex } from './note-index.ts';
import { SynonymTable } from './synonym-table.ts';

/** A vault where `directorio` is in 40 notes and `carpeta` in one: the synonym is far commoner. */
function commonSynonymVault(): NoteIndex {
  const index = NoteIndex.empty();
  for (let i = 0; i < 60; i++) index.upsert(`relleno-${i}.md`, `Una nota sobre el tema ${i}.`);
  for (let i = 0; i < 39; i++) index.upsert(`dir-${i}.md`, `El directorio número ${i}.`);
  index.upsert('fotos.md', 'Copiar el directorio de las fotos.');
  index.upsert('carpeta.md', 'La carpeta de música.');
  return index;
}

describe('web/search/engine/query-plan', () => {
  it('keeps a synonym from the table that is far commoner than the word, below the word', () => {
    const table = SynonymTable.from([['carpeta', 'directorio']]);
    const hits = commonSynonymVault()
      .search('carpeta fotos', {}, false, table)
      .map((h) => h.path);
    // The note with both meanings (the synonym and `fotos`) first; the word alone next.
    expect(hits[0]).toBe('fotos.md');
    expect(hits).toContain('carpeta.md');
    expect(hits).toContain('dir-0.md');
    expect(hits.indexOf('carpeta.md')).toBeLessThan(hits.indexOf('dir-0.md'));
  });

  it('still drops a guessed other form of a word that is far commoner than the word', () => {
    const index = NoteIndex.empty();
    for (let i = 0; i < 60; i++) index.upsert(`son-${i}.md`, `Son las ${i}.`);
    index.upsert('sueno.md', 'Un sueño raro.');
    // `sueno` (typed without ñ) reads as a verb form whose other forms include `son`.
    expect(index.search('sueno', {}, false).map((h) => h.path)).toEqual(['sueno.md']);
  });
});
