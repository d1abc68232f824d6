import { describe, expect, it } from 'vitest';
import { keptPaths } from './search-selection.ts';

const hits = ['a', 'b', 'c', 'd', 'e'].map((path) => ({ path }));

describe('keptPaths', () => {
  it('keeps only the top three hits at first', () => {
    expect(keptPaths(hits, new Map())).toEqual(['a', 'b', 'c']);
  });

  it('follows what the user ticked or unticked, in rank order', () => {
    const choices = new Map([
      ['b', false],
      ['e', true],
    ]);
    expect(keptPaths(hits, choices)).toEqual(['a', 'c', 'e']);
  });

  it('keeps every hit of a short list', () => {
    expect(keptPaths(hits.slice(0, 2), new Map())).toEqual(['a', 'b']);
  });
});
