import MiniSearch, { type Options } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { NoteAnalyzer } from '../analysis/note-analysis.ts';
import { speedUpAdds } from './fast-add-term.ts';
import { restoreIndex, snapshotOf } from './index-snapshot.ts';
import { fieldBlocks, LazyTermData } from './lazy-term-data.ts';
import { internalsOf } from './minisearch-internals.ts';
import { PostingBuffer } from './posting-buffer.ts';

interface Doc {
  id: string;
  title: string;
  tags?: string[];
  text: string;
}

// Like the vault's options: a token may give two terms (here a word and its "stem"),
// tags are a list, and a field may be missing.
const options: Options<Doc> = {
  fields: ['title', 'tags', 'text'],
  storeFields: ['title'],
  processTerm: (t) => {
    const w = t.toLowerCase();
    return w.length > 4 ? [w, w.slice(0, 4)] : w;
  },
  stringifyField: (v) => (Array.isArray(v) ? v.join(' ') : String(v)),
};

const docs: Doc[] = [
  { id: 'a', title: 'Faro', text: 'un faro en la niebla, la niebla del faro', tags: ['mar'] },
  { id: 'b', title: 'Niebla', text: 'la niebla y el mar. Nieblas nuevas' },
  { id: 'c', title: 'mar', text: 'el mar, el mar, el faro', tags: ['faro', 'costa'] },
  { id: 'd', title: 'Costa', text: 'costas y costeros: la costa del faro' },
];

/** The same edits through minisearch's `add`, or through a PostingBuffer (flushed where a reader would). */
async function edit(buffered: boolean): Promise<MiniSearch<Doc>> {
  const index = new MiniSearch<Doc>(options);
  const buffer = new PostingBuffer(index, speedUpAdds(index));
  const add = (doc: Doc) => (buffered ? buffer.add(doc) : index.add(doc));
  for (const doc of docs.slice(0, 3)) add(doc);
  buffer.flush();
  add(docs[3]!);
  buffer.flush();
  index.discard('b');
  await index.vacuum();
  add({ id: 'e', title: 'Faro', text: 'niebla nueva sobre el faro' });
  add({ id: 'b', title: 'Otra', text: 'otra niebla, palabra inédita' });
  buffer.flush();
  index.replace({ id: 'c', title: 'mar', text: 'solo mar' });
  add({ id: 'f', title: 'del', text: 'un faro del mar' });
  buffer.flush();
  return index;
}

describe('web/search/index/posting-buffer', () => {
  it('builds the very index minisearch builds: same Maps in the same order', async () => {
    const plain = await edit(false);
    const fast = await edit(true);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(plain));
    for (const q of ['faro', 'niebla', 'cost']) {
      expect(fast.search(q, { prefix: true })).toEqual(plain.search(q, { prefix: true }));
    }
  });

  it('counts a document as added before its postings are filed', () => {
    const index = new MiniSearch<Doc>(options);
    const buffer = new PostingBuffer(index, speedUpAdds(index));
    buffer.add(docs[0]!);
    expect(index.has('a')).toBe(true);
    expect(index.documentCount).toBe(1);
    expect(buffer.pending).toBeGreaterThan(0);
    expect(() => buffer.add(docs[0]!)).toThrow('duplicate ID a');
    buffer.flush();
    expect(buffer.pending).toBe(0);
    expect(index.search('niebla').map((r) => r.id)).toEqual(['a']);
  });

  it('files documents analysed elsewhere, chunk by chunk, into the very same index', () => {
    const all: Doc[] = [
      ...docs,
      { id: 'e', title: 'Nieblas', text: 'faros y costas, mareas nuevas' },
      { id: 'f', title: 'Marea', text: 'la marea del faro', tags: ['marea'] },
      { id: 'g', title: 'Brújula', text: 'brújula, mapa y marea' },
    ];
    const plain = new MiniSearch<Doc>(options);
    plain.addAll(all);
    const index = new MiniSearch<Doc>(options);
    const buffer = new PostingBuffer(index, speedUpAdds(index));
    const one = new NoteAnalyzer(buffer.options);
    const two = new NoteAnalyzer(buffer.options);
    buffer.addAnalyzed(one.analyze(all.slice(0, 2)), 1);
    buffer.addAnalyzed(two.analyze(all.slice(2, 3)), 2);
    buffer.add(all[3]!);
    buffer.flush();
    // Analyzer 1's numbers build on its first answer; source 2 is a new analyzer (numbers from 0).
    buffer.addAnalyzed(one.analyze(all.slice(4, 6)), 1);
    buffer.addAnalyzed(new NoteAnalyzer(buffer.options).analyze(all.slice(6)), 2);
    buffer.flush();
    expect(JSON.stringify(index)).toBe(JSON.stringify(plain));
    // An analyzer's answers filed out of order would mislabel terms: refused.
    const first = one.analyze([{ id: 'h', title: 'Ancla', text: 'ancla' }]);
    const second = one.analyze([{ id: 'i', title: 'Velero', text: 'velero' }]);
    expect(first.terms).toEqual(['ancla', 'ancl']);
    expect(() => buffer.addAnalyzed(second, 1)).toThrow('fuera de orden');
  });

  it('adds to a revived index without decoding its terms to Maps, as minisearch would', () => {
    const more: Doc[] = [
      { id: 'e', title: 'Nieblas', text: 'faros y costas, mareas nuevas', tags: ['niebla'] },
      { id: 'f', title: 'Marea', text: 'la marea del faro', tags: ['marea'] },
    ];
    const plain = new MiniSearch<Doc>(options);
    plain.addAll([...docs, ...more]);
    const saved = new MiniSearch<Doc>(options);
    saved.addAll(docs);
    const index = restoreIndex(snapshotOf(saved), options);
    const buffer = new PostingBuffer(index, speedUpAdds(index));
    for (const doc of more) buffer.add(doc);
    buffer.flush();
    // Terms the new notes touched are still encoded: a saved index copies their bytes.
    const faro = internalsOf(index)._index.get('faro');
    expect(faro).toBeInstanceOf(LazyTermData);
    expect((faro as LazyTermData).encoded).not.toBeNull();
    expect(JSON.stringify(index)).toBe(JSON.stringify(plain));
    expect(snapshotOf(index)).toEqual(snapshotOf(plain));
  });

  it('keeps the field blocks of each encoded term as its bytes say, note after note', () => {
    const words = ['faro', 'niebla', 'marea', 'costa', 'brújula', 'ancla'];
    const many: Doc[] = Array.from({ length: 400 }, (_, i) => ({
      id: `n${i}`,
      title: words[i % 6]!,
      text: `${words[(i * 7) % 6]} ${words[(i * 5) % 6]} ${i % 3 === 0 ? words[(i * 11) % 6] : ''}`,
      ...(i % 4 === 0 ? { tags: [words[(i * 13) % 6]!] } : {}),
    }));
    const plain = new MiniSearch<Doc>(options);
    plain.addAll(many);
    const index = new MiniSearch<Doc>(options);
    const buffer = new PostingBuffer(index, speedUpAdds(index));
    // One note a flush, as edits come: every flush after the first appends to encoded terms.
    for (const doc of many) {
      buffer.add(doc);
      buffer.flush();
    }
    const terms = internalsOf(index)._index;
    let checked = 0;
    for (const data of terms.values()) {
      const encoded = (data as LazyTermData).encoded;
      if (!encoded?.blocks) continue;
      expect(encoded.blocks).toEqual(fieldBlocks({ ...encoded, blocks: undefined }));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
    expect(JSON.stringify(index)).toBe(JSON.stringify(plain));
  });
});
