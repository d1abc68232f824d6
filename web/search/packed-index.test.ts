import { describe, expect, it } from 'vitest';
import { NoteIndex } from './note-index.ts';
import { packIndex, unpackIndex } from './packed-index.ts';

describe('web/search/packed-index', () => {
  it('gives back the hashes and an index that finds the same notes, in far fewer bytes', async () => {
    const index = NoteIndex.empty();
    const hashes: Record<string, string> = {};
    for (let i = 0; i < 200; i++) {
      const path = `03_Proyectos/nota ${i}.md`;
      index.upsert(path, `# Nota ${i}\nUna bóveda con jardín número ${i} y sueños de otoño.\n`);
      hashes[path] = `hash-${i}`;
    }
    const json = index.toJSON();
    const packed = await packIndex(hashes, json);
    expect(packed.byteLength).toBeLessThan(json.length / 3);
    const back = await unpackIndex(packed);
    expect(back.hashes).toEqual(hashes);
    const revived = NoteIndex.fromJSON(back.indexJson);
    expect(revived.search('jardin 17', {}, false)[0]?.path).toBe('03_Proyectos/nota 17.md');
  });

  it('refuses data that is not a packed index', async () => {
    await expect(unpackIndex(new TextEncoder().encode('{"a":1}').buffer)).rejects.toThrow();
  });
});
