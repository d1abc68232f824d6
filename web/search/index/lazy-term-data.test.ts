import { describe, expect, it } from 'vitest';
import { NoteIndex } from '../engine/note-index.ts';
import { LazyTermData } from './lazy-term-data.ts';

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

describe('web/search/index/lazy-term-data', () => {
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

  it('counts its largest field from the bytes without decoding, as the decoded Maps say', () => {
    // Field 0 holds 2 notes (one gap of two bytes: 300 zigzagged), field 5 holds 1.
    const wide = new Uint8Array([2, 0, 2, 0xd8, 0x04, 1, 3, 0x81, 0x01, 5, 1, 2, 1]);
    for (const bytes of [term, wide]) {
      const data = new LazyTermData({ bytes, start: 0, end: bytes.length });
      expect(data.largestField()).toBe(2);
      expect(data.encoded).not.toBeNull();
      expect(Math.max(...[...data.values()].map((docs) => docs.size))).toBe(2);
      expect(data.largestField()).toBe(2);
    }
    const cut = new LazyTermData({ bytes: term, start: 0, end: term.length - 1 });
    expect(() => cut.largestField()).toThrow();
  });

  it('counts again once given more postings, and from its Maps once decoded', () => {
    const data = new LazyTermData({ bytes: term, start: 0, end: term.length });
    expect(data.largestField()).toBe(2);
    // Field 0 gains note 4 (gap +3 from its last note, 1, zigzagged to 6), frequency 1.
    expect(data.lastDoc(0)).toBe(1);
    const more = new Uint8Array([6, 1]);
    data.append({ bytes: more, blocks: [{ fieldId: 0, count: 1, from: 0, to: 2, last: 4 }] });
    expect(data.largestField()).toBe(3);
    expect(data.isEncoded).toBe(true);
    expect(data.encoded).toMatchObject({ start: 0, end: 13 });
    const joined = data.encoded!;
    expect([...joined.bytes.subarray(joined.start, joined.end)]).toEqual([
      2, 0, 3, 6, 1, 3, 2, 6, 1, 5, 1, 2, 1,
    ]);
    data.get(0)!.delete(3);
    data.get(0)!.delete(4);
    expect(data.largestField()).toBe(1);
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
