import { describe, expect, it } from 'vitest';
import { asksSearchAtOnce, loginToken, noteHash, parseHash, searchHash } from './route.ts';

describe('route', () => {
  it('knows which screens ask the search worker at once: a search with a query, a note', () => {
    const asks = (hash: string) => asksSearchAtOnce(parseHash(hash));
    expect(asks('#/buscar?q=faro')).toBe(true);
    expect(asks('#/nota/04_Sue%C3%B1os/Sue%C3%B1o%20del%20faro.md')).toBe(true);
    expect(asks('#/buscar')).toBe(false);
    expect(asks('#/buscar?q=%20&carpeta=04_Sue%C3%B1os')).toBe(false);
    expect(asks('')).toBe(false);
    expect(asks('#/auditoria')).toBe(false);
  });

  it('reads an empty or unknown hash as the home screen', () => {
    expect(parseHash('')).toEqual({ name: 'home' });
    expect(parseHash('#/')).toEqual({ name: 'home' });
    expect(parseHash('#/semantica')).toEqual({ name: 'embeddings' });
    expect(parseHash('#/otra/cosa')).toEqual({ name: 'home' });
    expect(parseHash('#login=abc')).toEqual({ name: 'home' });
  });

  it('reads #/buscar with its query and filters, and writes them back', () => {
    expect(parseHash('#/buscar')).toEqual({ name: 'search', query: '', folder: '', tag: '' });
    const hash = searchHash('bóveda de piedra', '04_Sueños', 'sueño');
    expect(parseHash(hash)).toEqual({
      name: 'search',
      query: 'bóveda de piedra',
      folder: '04_Sueños',
      tag: 'sueño',
    });
    expect(searchHash('')).toBe('#/buscar');
  });

  it('reads #/nota/<path> as the note at that vault path', () => {
    expect(parseHash('#/nota/03_Proyectos/tesis.md')).toEqual({
      name: 'note',
      path: '03_Proyectos/tesis.md',
    });
  });

  it('decodes each segment and normalizes the path to NFC', () => {
    const decomposed = '04_Suen\u0303os/mi%20suen\u0303o.md';
    expect(parseHash(`#/nota/${decomposed}`)).toEqual({
      name: 'note',
      path: '04_Sueños/mi sueño.md'.normalize('NFC'),
    });
  });

  it('falls back to home on malformed escapes or empty segments', () => {
    expect(parseHash('#/nota/%E0%A4%A')).toEqual({ name: 'home' });
    expect(parseHash('#/nota/')).toEqual({ name: 'home' });
    expect(parseHash('#/nota/a//b.md')).toEqual({ name: 'home' });
  });

  it('builds a hash that parses back to the same path', () => {
    for (const path of ['04_Sueños/vuelo #1.md', 'a/b?c&d=e/f%g.md', '00_Entrada/ñandú 100%.md']) {
      expect(parseHash(noteHash(path))).toEqual({ name: 'note', path: path.normalize('NFC') });
    }
  });

  it('keeps slashes readable and encodes spaces and # inside segments', () => {
    expect(noteHash('03_Proyectos/mi nota #2.md')).toBe('#/nota/03_Proyectos/mi%20nota%20%232.md');
  });

  it('extracts the start-up token from #login=<token> and nothing else', () => {
    expect(loginToken('#login=abc123')).toBe('abc123');
    expect(loginToken('#login=')).toBeNull();
    expect(loginToken('#/nota/login=abc.md')).toBeNull();
    expect(loginToken('')).toBeNull();
  });
});
