import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';

describe('front-matter', () => {
  it('parses a YAML mapping and returns the body after the block', () => {
    const r = splitFrontMatter('---\ntitulo: Hola\ntags: [a, b]\n---\n# Cuerpo\n');
    expect(r).toEqual({
      frontMatter: { titulo: 'Hola', tags: ['a', 'b'] },
      body: '# Cuerpo\n',
      error: null,
    });
  });

  it('accepts CRLF line endings', () => {
    const r = splitFrontMatter('---\r\na: 1\r\n---\r\ntexto');
    expect(r.frontMatter).toEqual({ a: 1 });
    expect(r.body).toBe('texto');
  });

  it('treats an empty block as an empty mapping', () => {
    expect(splitFrontMatter('---\n---\nx')).toEqual({ frontMatter: {}, body: 'x', error: null });
  });

  it('returns the whole text when there is no block at the start', () => {
    const text = '# Título\n---\na: 1\n---\n';
    expect(splitFrontMatter(text)).toEqual({ frontMatter: null, body: text, error: null });
  });

  it('ignores an opening line that is never closed', () => {
    const text = '---\na: 1\nsin cierre';
    expect(splitFrontMatter(text)).toEqual({ frontMatter: null, body: text, error: null });
  });

  it('reports invalid YAML and still returns the body', () => {
    const r = splitFrontMatter('---\na: [1, 2\nb: : :\n---\ncuerpo');
    expect(r.frontMatter).toBeNull();
    expect(r.error).toMatch(/YAML no válido/);
    expect(r.body).toBe('cuerpo');
  });

  it('refuses a list or a scalar as front matter', () => {
    expect(splitFrontMatter('---\n- a\n- b\n---\nx').error).toMatch(/lista/);
    expect(splitFrontMatter('---\nhola\n---\nx').error).toMatch(/valor simple/);
    expect(splitFrontMatter('---\nhola\n---\nx').frontMatter).toBeNull();
  });

  it('does not take a longer dash line for the closing line', () => {
    const r = splitFrontMatter('---\na: "---x"\n----\nb: 2\n---\ncuerpo');
    expect(r.body).toBe('cuerpo');
  });
});
