import { describe, expect, it } from 'vitest';
import { snippetOf } from './snippet.ts';
import { SnippetCache } from './snippet-cache.ts';

describe('SnippetCache', () => {
  const snippet = snippetOf('Una nota sobre la bóveda del faro.', ['boved']);

  it('gives back a snippet kept for the same note, version and terms', () => {
    const cache = new SnippetCache();
    cache.set('a.md', 'h1', ['boved', 'far'], snippet);
    expect(cache.get('a.md', 'h1', ['boved', 'far'])).toBe(snippet);
  });

  it('not for another version of the note, other terms, another note, or no version', () => {
    const cache = new SnippetCache();
    cache.set('a.md', 'h1', ['boved', 'far'], snippet);
    expect(cache.get('a.md', 'h2', ['boved', 'far'])).toBeUndefined();
    expect(cache.get('a.md', 'h1', ['boved'])).toBeUndefined();
    // Terms are not mixed up by how they were split: ['bo', 'ved'] is not ['boved'].
    cache.set('a.md', 'h1', ['boved'], snippet);
    expect(cache.get('a.md', 'h1', ['bo', 'ved'])).toBeUndefined();
    expect(cache.get('b.md', 'h1', ['boved'])).toBeUndefined();
    expect(cache.get('a.md', undefined, ['boved'])).toBeUndefined();
  });

  it('keeps a bounded number, forgetting the oldest', () => {
    const cache = new SnippetCache();
    for (let i = 0; i <= 5_000; i++) cache.set(`${i}.md`, 'h', ['far'], snippet);
    expect(cache.get('0.md', 'h', ['far'])).toBeUndefined();
    expect(cache.get('5000.md', 'h', ['far'])).toBe(snippet);
  });
});
