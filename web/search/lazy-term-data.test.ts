import { describe, expect, it } from 'vitest';
import { LazyTermData } from './lazy-term-data.ts';
import { NoteIndex } from './note-index.ts';

/** One term's postings as index-snapshot.ts writes them: fields, then (gap, frequency) per note. */
// Two fields: field 0 with notes 3 (once) and 1 (twice), gaps +3 and -2 zigzagged to 6 and 3;
// field 5 with note 1 (once), gap +1 zigzagged to 2.
const term = new Uint8Array([2, 0, 2, 6, 1, 3, 2, 5, 1, 2, 1]);

function build() {
  const index = NoteIndex.empty();
  for (let i = 0; i < 30; i++) {
    index.upsert(
      `03_Proyectos/nota ${i}.md`,
      `# Nota ${i}\nLa bóveda del jardín ${i} y un faro.\n`,
    );
  }
  return NoteIndex.fromSnapshot(index.snapshot());
}

describe('web/search/lazy-term-data', () => {
  it('refuses a term cut short, on every read, and never reads past its own end', () => {
    const cut = new LazyTermData({ bytes: term, start: 0, end: term.length - 1 });
    expect(() => cut.get(0)).toThrow();
    expect(() => cut.size).toThrow();
    expect(cut.encoded).not.toBeNull();
    // The next term's bytes follow: a term whose end is wrong does not run into them.
    const followed = new Uint8Array([...term, ...term]);
    expect(() => new LazyTermData({ bytes: followed, start: 0, end: 5 }).get(0)).toThrow();
  });

  it('decodes its notes only when first read, as the Map minisearch built', () => {
    const data = new LazyTermData({ bytes: term, start: 0, end: term.length });
    expect(data.encoded).not.toBeNull();
    expect([...data]).toEqual([
      [
        0,
        new Map([
          [3, 1],
          [1, 2],
        ]),
      ],
      [5, new Map([[1, 1]])],
    ]);
    expect(data.encoded).toBeNull();
    expect(data.size).toBe(2);
  });

  it('takes changes like a Map once read', () => {
    const data = new LazyTermData({ bytes: term, start: 0, end: term.length });
    data.set(7, new Map([[9, 1]]));
    data.delete(0);
    expect([...data.keys()]).toEqual([5, 7]);
  });

  it('lets a revived index save the same bytes whether its terms were read or not', () => {
    const revived = build();
    const untouched = revived.snapshot();
    expect(revived.search('boveda jardin 7', {}, false)[0]?.path).toBe('03_Proyectos/nota 7.md');
    expect(revived.toJSON()).toContain('"far"');
    const read = revived.snapshot();
    expect(read.header).toBe(untouched.header);
    expect(read.postings).toEqual(untouched.postings);
    expect(read.ends).toEqual(untouched.ends);
  });
});
