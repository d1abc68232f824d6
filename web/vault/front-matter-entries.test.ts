import { describe, expect, it } from 'vitest';
import { summarizeFrontMatter } from './front-matter-entries.ts';

describe('front-matter-entries', () => {
  it('pulls tags out as a list, from an array or a string, without leading #', () => {
    expect(summarizeFrontMatter({ tags: ['#a', 'b'] }).tags).toEqual(['a', 'b']);
    expect(summarizeFrontMatter({ tags: 'a, #b c' }).tags).toEqual(['a', 'b', 'c']);
  });

  it('formats other fields as one line each', () => {
    const { entries } = summarizeFrontMatter({
      estado: 'borrador',
      autores: ['Ana', 'Luis'],
      n: 3,
    });
    expect(entries).toEqual([
      { key: 'estado', value: 'borrador' },
      { key: 'autores', value: 'Ana, Luis' },
      { key: 'n', value: '3' },
    ]);
  });

  it('returns nothing for a note without front matter', () => {
    expect(summarizeFrontMatter(null)).toEqual({ tags: [], entries: [] });
  });
});
