import { describe, expect, it } from 'vitest';
import { snippetOf } from './snippet.ts';
import { SnippetCache } from './snippet-cache.ts';

describe('SnippetCache', () => {
  it('gives the snippet snippetOf cuts, and the same one again for the same note and terms', () => {
    const cache = new SnippetCache();
    const body = 'Una nota larga sobre la bóveda del faro y la niebla de la mañana.';
    const first = cache.of('a.md', body, ['boved', 'nieb']);
    expect(first).toEqual(snippetOf(body, ['boved', 'nieb']));
    expect(cache.of('a.md', body, ['boved', 'nieb'])).toBe(first);
  });

  it('cuts again when the note changed, or for other terms', () => {
    const cache = new SnippetCache();
    const before = 'El faro en la niebla.';
    const after = 'Otra cosa: la niebla cubre el faro.';
    cache.of('a.md', before, ['faro']);
    expect(cache.of('a.md', after, ['faro'])).toEqual(snippetOf(after, ['faro']));
    expect(cache.of('a.md', after, ['nieb'])).toEqual(snippetOf(after, ['nieb']));
    // Terms are not mixed up by how they were split: ['fa', 'ro'] is not ['faro'].
    expect(cache.of('a.md', after, ['fa', 'ro'])).toEqual(snippetOf(after, ['fa', 'ro']));
  });

  it('keeps a bounded number, forgetting the oldest', () => {
    const cache = new SnippetCache();
    const body = 'el faro';
    const first = cache.of('0.md', body, ['faro']);
    for (let i = 1; i <= 5_000; i++) cache.of(`${i}.md`, body, ['faro']);
    expect(cache.of('0.md', body, ['faro'])).not.toBe(first);
    expect(cache.of('5000.md', body, ['faro'])).toEqual(first);
  });
});
