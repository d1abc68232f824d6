import { describe, expect, it } from 'vitest';
import { NoteIndex } from '../engine/note-index.ts';
import { packIndex, unpackIndex } from './packed-index.ts';

function build(count: number) {
  const index = NoteIndex.empty();
  const hashes: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const path = `03_Proyectos/nota ${i}.md`;
    index.upsert(path, `# Nota ${i}\nUna bóveda con jardín número ${i} y sueños de otoño.\n`);
    hashes[path] = `hash-${i}`;
  }
  return { index, hashes };
}

const gzipText = async (text: string | Uint8Array<ArrayBuffer>) =>
  new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
const gunzipBytes = async (blob: Blob) =>
  new Uint8Array(
    await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer(),
  );

describe('web/search/index/packed-index', () => {
  it('gives back the hashes and an index that finds the same notes, in fewer bytes', async () => {
    const { index, hashes } = build(200);
    const json = index.toJSON();
    const packed = await packIndex(hashes, index.snapshot());
    expect(packed.head.size + packed.postings.size).toBeLessThan(json.length / 2);
    const back = await unpackIndex(packed);
    expect(back?.hashes).toEqual(hashes);
    const revived = NoteIndex.fromSnapshot(back!.snapshot);
    expect(revived.search('jardin 17', {}, false)[0]?.path).toBe('03_Proyectos/nota 17.md');
  });

  it('revives the index minisearch revives from its JSON, edits included, and takes more edits', async () => {
    const { index, hashes } = build(50);
    index.remove('03_Proyectos/nota 3.md');
    index.upsert('03_Proyectos/nota 7.md', 'Ahora habla del faro y la niebla.');
    index.upsert('05_Salida/ñandú.md', '---\ntags: [viaje]\n---\nUn ñandú en la pampa.');
    const back = await unpackIndex(await packIndex(hashes, index.snapshot()));
    const revived = NoteIndex.fromSnapshot(back!.snapshot);
    // The term tree is copied node by node: the revived index lists its terms in the same order.
    const viaJson = NoteIndex.fromJSON(index.toJSON());
    expect(revived.toJSON()).toBe(index.toJSON());
    for (const i of [index, viaJson, revived]) {
      i.upsert('03_Proyectos/nota 7.md', 'Otra vez la bóveda.');
      i.remove('03_Proyectos/nota 9.md');
    }
    expect(revived.toJSON()).toBe(index.toJSON());
    expect(revived.search('boveda', {}, false)).toEqual(viaJson.search('boveda', {}, false));
  });

  it('leaves an index saved in an older layout to be rebuilt', async () => {
    const { index, hashes } = build(5);
    const older = await gzipText(`${JSON.stringify(hashes)}\n${index.toJSON()}`);
    expect(await unpackIndex({ head: older, postings: new Blob([]) })).toBeNull();
    // Layout 3: the same head, its tag one less, and the postings inside it.
    const head = await gunzipBytes((await packIndex(hashes, index.snapshot())).head);
    new DataView(head.buffer).setUint32(0, 0x334d4f53, true);
    const som3 = { head: await gzipText(head), postings: new Blob([]) };
    expect(await unpackIndex(som3)).toBeNull();
  });

  it('refuses data that is not a packed index', async () => {
    const text = new Blob([new TextEncoder().encode('{"a":1}')]);
    await expect(unpackIndex({ head: text, postings: new Blob([]) })).rejects.toThrow();
    const { index, hashes } = build(5);
    const packed = await packIndex(hashes, index.snapshot());
    const postings = new Uint8Array(await packed.postings.arrayBuffer());
    // Cut short: the terms' ends no longer fit the postings.
    const cut = await unpackIndex({ ...packed, postings: new Blob([postings.slice(0, -8)]) });
    expect(() => NoteIndex.fromSnapshot(cut!.snapshot)).toThrow();
    // More terms than the bytes hold.
    const count = new Blob([Uint32Array.of(1e6), postings.slice(4)]);
    await expect(unpackIndex({ ...packed, postings: count })).rejects.toThrow();
  });

  it('fails a query on a term whose bytes were damaged, every time, instead of half-decoding it', async () => {
    const { index, hashes } = build(5);
    const packed = await packIndex(hashes, index.snapshot());
    const back = await unpackIndex(packed);
    const { postings, ends } = back!.snapshot;
    // Every term's last byte marked "more follows": each runs off its own end.
    for (const end of ends) postings[end - 1]! |= 0x80;
    const revived = NoteIndex.fromSnapshot(back!.snapshot);
    expect(() => revived.search('boveda', {}, false)).toThrow();
    expect(() => revived.search('boveda', {}, false)).toThrow();
  });
});
