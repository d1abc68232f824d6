import { describe, expect, it } from 'vitest';
import { NoteIndex } from './note-index.ts';
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

const gzipText = async (text: string) =>
  new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

describe('web/search/packed-index', () => {
  it('gives back the hashes and an index that finds the same notes, in far fewer bytes', async () => {
    const { index, hashes } = build(200);
    const json = index.toJSON();
    const packed = await packIndex(hashes, index.snapshot());
    expect(packed.byteLength).toBeLessThan(json.length / 3);
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
    // A revived term tree lists its terms in another order than the one built note by note.
    const viaJson = NoteIndex.fromJSON(index.toJSON());
    expect(revived.toJSON()).toBe(viaJson.toJSON());
    for (const i of [viaJson, revived]) {
      i.upsert('03_Proyectos/nota 7.md', 'Otra vez la bóveda.');
      i.remove('03_Proyectos/nota 9.md');
    }
    expect(revived.toJSON()).toBe(viaJson.toJSON());
    expect(revived.search('boveda', {}, false)).toEqual(viaJson.search('boveda', {}, false));
  });

  it('leaves an index saved in the older layout (minisearch JSON) to be rebuilt', async () => {
    const { index, hashes } = build(5);
    const older = await gzipText(`${JSON.stringify(hashes)}\n${index.toJSON()}`);
    expect(await unpackIndex(older)).toBeNull();
  });

  it('refuses data that is not a packed index', async () => {
    await expect(unpackIndex(new TextEncoder().encode('{"a":1}').buffer)).rejects.toThrow();
    const { index, hashes } = build(5);
    const packed = new Uint8Array(
      await new Response(
        new Blob([await packIndex(hashes, index.snapshot())])
          .stream()
          .pipeThrough(new DecompressionStream('gzip')),
      ).arrayBuffer(),
    );
    // Cut short: the postings no longer add up.
    const cut = await new Response(
      new Blob([packed.slice(0, packed.length - 8)])
        .stream()
        .pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer();
    const back = await unpackIndex(cut);
    expect(() => NoteIndex.fromSnapshot(back!.snapshot)).toThrow();
  });
});
