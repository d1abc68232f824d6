import type MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { LazyTermData } from '../index/lazy-term-data.ts';
import { internalsOf } from '../index/minisearch-internals.ts';
import { NoteIndex } from './note-index.ts';
import { makeSnippet, plainText } from './snippet.ts';
import { SynonymTable } from './synonym-table.ts';

const notes: Record<string, string> = {
  '01_Caracter/Bóveda.md': '# Bóveda\n\nLa bóveda guarda la memoria.',
  '03_Proyectos/Tesis.md': '---\ntags: [tesis]\n---\nLa tesis trata de la memoria de trabajo.',
  '04_Sueños/Faro.md': '# Faro\n\nUn faro en la niebla. #sueño',
};

function build(): NoteIndex {
  const index = NoteIndex.empty();
  for (const [path, content] of Object.entries(notes)) index.upsert(path, content);
  return index;
}

const paths = (index: NoteIndex, query: string, filters = {}) =>
  index.search(query, filters).map((h) => h.path);

describe('web/search/engine/note-index', () => {
  it('finds accented words typed without accents, title first', () => {
    const hits = build().search('boveda');
    expect(hits[0]).toMatchObject({
      path: '01_Caracter/Bóveda.md',
      title: 'Bóveda',
      folder: '01_Caracter',
    });
  });

  it('ranks notes with every word first, then notes with some of them', () => {
    expect(paths(build(), 'memoria trabajo')).toEqual([
      '03_Proyectos/Tesis.md',
      '01_Caracter/Bóveda.md',
    ]);
  });

  it('puts a note with every word in its body above one with a word in its title', () => {
    const index = NoteIndex.empty();
    index.upsert('Memoria.md', '# Memoria\n\nLa memoria y la memoria larga.');
    index.upsert('Notas.md', 'Hoy leí sobre la memoria de trabajo y otras cosas del día.');
    expect(paths(index, 'memoria trabajo')[0]).toBe('Notas.md');
  });

  it('weighs the first paragraph (what a note is about) above a later mention', () => {
    const index = NoteIndex.empty();
    // b.md is shorter, so the body alone would rank it first.
    const filler = 'Otra línea sobre cosas distintas.\n'.repeat(6);
    index.upsert('a.md', `# a\n\n> Herramienta para comprimir archivos.\n\n${filler}`);
    index.upsert('b.md', '# b\n\n> Herramienta de red.\n\nPuede comprimir la salida.');
    expect(paths(index, 'comprimir')).toEqual(['a.md', 'b.md']);
  });

  it('tries typos only for the words no note has, keeping the others exact', () => {
    expect(paths(build(), 'memoria trabjo')[0]).toBe('03_Proyectos/Tesis.md');
  });

  it('finds a note by a synonym from the table, below the word itself', () => {
    const index = NoteIndex.empty();
    index.upsert('a.md', 'El directorio de fotos.');
    index.upsert('b.md', 'La carpeta de fotos.');
    expect(paths(index, 'carpeta')).toEqual(['b.md']);
    const table = SynonymTable.from([['carpeta', 'directorio']]);
    expect(index.search('carpeta', {}, false, table).map((h) => h.path)).toEqual(['b.md', 'a.md']);
  });

  it('filters by folder prefix and by tag (front matter or inline)', () => {
    const index = build();
    expect(paths(index, 'memoria', { folder: '03_Proyectos' })).toEqual(['03_Proyectos/Tesis.md']);
    expect(paths(index, 'memoria', { tag: 'TESIS' })).toEqual(['03_Proyectos/Tesis.md']);
    expect(paths(index, 'faro', { tag: 'sueño' })).toEqual(['04_Sueños/Faro.md']);
    expect(paths(index, 'faro', { folder: '04_Sue' })).toEqual([]);
  });

  it('replaces a changed note and forgets a removed one, without a rebuild', () => {
    const index = build();
    index.upsert('04_Sueños/Faro.md', 'Un velero en calma.');
    expect(paths(index, 'niebla')).toEqual([]);
    expect(paths(index, 'velero')).toEqual(['04_Sueños/Faro.md']);
    index.remove('01_Caracter/Bóveda.md');
    expect(paths(index, 'boveda')).toEqual([]);
    expect(index.size).toBe(2);
  });

  it('replaces a changed note without decoding the postings of the words it shares', () => {
    // Postings are filed encoded, and a word is decoded to Maps only when something reads
    // it so: a note saved by another editor must not decode every common word it holds
    // (a note of a 10k vault took the search worker 80–190 ms that way, queries waiting).
    const index = NoteIndex.empty();
    for (let i = 0; i < 12; i++) index.upsert(`n/${i}.md`, `# Nota ${i}\n\nLa memoria del faro.`);
    expect(paths(index, 'faro')).toHaveLength(12);
    // The term tree is minisearch's SearchableMap: iterable as [term, data] pairs.
    const terms = internalsOf((index as unknown as { index: MiniSearch<unknown> }).index)
      ._index as unknown as Iterable<[string, unknown]>;
    const encoded = () =>
      [...terms].filter(([, data]) => data instanceof LazyTermData && data.isEncoded).length;
    const before = encoded();
    expect(before).toBeGreaterThan(3);
    index.upsert('n/7.md', '# Nota 7\n\nLa memoria del velero.');
    expect(paths(index, 'velero')).toEqual(['n/7.md']);
    // The words it shares with the others are still encoded, and one more is («velero»).
    expect(encoded()).toBe(before + 1);
    // A query that meets the old version drops it from that word (decoding that word only).
    expect(paths(index, 'faro')).toHaveLength(11);
    expect(paths(index, 'faro')).not.toContain('n/7.md');
    expect(paths(index, 'memoria')).toHaveLength(12);
    expect(encoded()).toBe(before - 1);
    expect(index.size).toBe(12);
    // Saved and read back, with the old version's postings still in words no query met.
    const revived = NoteIndex.fromSnapshot(index.snapshot());
    for (const q of ['velero', 'faro', 'memoria', 'nota', 'del'])
      expect(paths(revived, q)).toEqual(paths(index, q));
    expect(paths(revived, 'nota 7')[0]).toBe('n/7.md');
  });

  it('survives a save and a reload (JSON) with the same answers', () => {
    const index = build();
    const revived = NoteIndex.fromJSON(index.toJSON());
    expect(paths(revived, 'boveda')).toEqual(paths(index, 'boveda'));
    revived.upsert('05_Salida/Nueva.md', 'Una bóveda nueva.');
    expect(paths(revived, 'boveda')).toContain('05_Salida/Nueva.md');
  });

  it('matches the last word as a prefix while typing, not after', () => {
    expect(paths(build(), 'nie')).toEqual(['04_Sueños/Faro.md']);
    expect(build().search('nie', {}, false)).toEqual([]);
  });

  it('completes the word as typed, not its stem, and not a stop-word or an earlier word', () => {
    const index = NoteIndex.empty();
    index.upsert('soledad.md', 'La soledad del faro.');
    index.upsert('solo.md', 'Solo una vez.');
    index.upsert('receta.md', 'Una tortilla.');
    index.upsert('tortillera.md', 'La tortillera.');
    // `solo` stems to `sol`, whose completions include `soledad`.
    expect(paths(index, 'solo')).toEqual(['solo.md']);
    // `una` is a stop-word: `tortilla` is a finished word, not a prefix.
    expect(paths(index, 'tortilla una')).toEqual(['receta.md']);
    expect(paths(index, 'tortil')).toEqual(expect.arrayContaining(['receta.md', 'tortillera.md']));
  });

  it('tries typos on whole words, not on short stems one edit from anything', () => {
    const index = NoteIndex.empty();
    index.upsert('pez.md', 'Un pez en el agua.');
    // `pesados` stems to `pes`, one edit from `pez`.
    expect(paths(index, 'pesados')).toEqual([]);
  });
});

describe('web/search/engine/snippet', () => {
  it('cuts a long text around the first match and marks matched words in their spelling', () => {
    const text = `${'a '.repeat(100)}Recuperación de datos ${'b '.repeat(100)}`;
    const snippet = makeSnippet(text, ['recuper']);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    const [start, end] = snippet.marks[0]!;
    expect(snippet.text.slice(start, end)).toBe('Recuperación');
  });

  it('leaves the front matter out', () => {
    expect(makeSnippet('---\ntags: [x]\n---\nHola faro', ['far']).text).toBe('Hola faro');
  });

  it('shows snippets as text, without Markdown marks', () => {
    expect(
      plainText('# Sueño del faro\n\n- Un **faro** en la [[Niebla|niebla]], ver [mapa](http://x).'),
    ).toBe('Sueño del faro\n\nUn faro en la niebla, ver mapa.');
    expect(makeSnippet('## Faro\n> *Luz* del `faro`', ['far']).text).toBe('Faro Luz del faro');
  });
});
