import { describe, expect, it } from 'vitest';
import { linksToName, mergeRelated, relatedQuery } from './related-notes.ts';

describe('relatedQuery', () => {
  it('searches the title, tags and headings before the body words', () => {
    const words = relatedQuery({
      title: 'Faro',
      tags: ['sueños'],
      headings: 'Arquitectura',
      body: 'Una nota larga sobre la luz y el mar.',
    })!.split(' ');
    expect(words.slice(0, 3)).toEqual(['faro', 'sueños', 'arquitectura']);
    expect(words).toContain('luz');
  });
});

describe('linksToName', () => {
  it('finds a link by name, with a folder, alias or section, in any case', () => {
    expect(linksToName('ver [[faro]]', 'Faro')).toBe(true);
    expect(linksToName('ver [[04_Sueños/Faro#luz|el faro]]', 'Faro')).toBe(true);
  });

  it('ignores other names and links inside code', () => {
    expect(linksToName('ver [[Faros]]', 'Faro')).toBe(false);
    expect(linksToName('`[[Faro]]`', 'Faro')).toBe(false);
  });
});

describe('mergeRelated', () => {
  it('lists outgoing links, then backlinks, then similar notes, each once and never itself', () => {
    const merged = mergeRelated('self.md', {
      linksTo: ['a.md', 'self.md'],
      linkedFrom: ['b.md', 'a.md'],
      similar: ['self.md', 'c.md', 'b.md'],
    });
    expect(merged).toEqual([
      { path: 'a.md', reason: 'linksTo' },
      { path: 'b.md', reason: 'linkedFrom' },
      { path: 'c.md', reason: 'similar' },
    ]);
  });

  it('stops at the limit', () => {
    const similar = ['a', 'b', 'c', 'd'];
    expect(mergeRelated('x', { linksTo: [], linkedFrom: [], similar }, 2)).toHaveLength(2);
  });
});
