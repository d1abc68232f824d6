import { describe, expect, it } from 'vitest';
import type { Chip } from '../db/records.ts';
import type { SearchHit } from '../search/engine/search-types.ts';
import { pickSuggestions, suggestionIndex } from './pick-suggestions.ts';

const hit = (path: string): SearchHit => ({
  path,
  title: path,
  folder: '',
  snippet: '',
  marks: [],
  score: 1,
});

describe('pickSuggestions', () => {
  it('offers at most five hits, best first', () => {
    const hits = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(hit);
    expect(pickSuggestions(hits, []).map((h) => h.path)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('never offers a note that a note, search or recall chip already sends', () => {
    const chips: Chip[] = [
      { id: '1', kind: 'note', path: 'a' },
      { id: '2', kind: 'search', query: 'q', paths: ['b'] },
      { id: '3', kind: 'recall', path: 'c' },
    ];
    const hits = ['a', 'b', 'c', 'd'].map(hit);
    expect(pickSuggestions(hits, chips).map((h) => h.path)).toEqual(['d']);
  });
});

describe('suggestionIndex', () => {
  const key = (code: string, mods: Partial<KeyboardEvent> = {}) => ({
    altKey: true,
    ctrlKey: false,
    metaKey: false,
    code,
    ...mods,
  });

  it('maps Alt+1 … Alt+5 to the suggestions shown', () => {
    expect(suggestionIndex(key('Digit1'), 5)).toBe(0);
    expect(suggestionIndex(key('Numpad5'), 5)).toBe(4);
  });

  it('ignores a digit without Alt, with Ctrl, or past the end of the list', () => {
    expect(suggestionIndex(key('Digit1', { altKey: false }), 5)).toBeNull();
    expect(suggestionIndex(key('Digit1', { ctrlKey: true }), 5)).toBeNull();
    expect(suggestionIndex(key('Digit3'), 2)).toBeNull();
    expect(suggestionIndex(key('KeyA'), 5)).toBeNull();
  });
});
