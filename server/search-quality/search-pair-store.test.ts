import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchPairBody } from '../../common/search-pair-schemas.ts';
import { SearchPairStore } from './search-pair-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-pair-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const file = () => join(dir, 'search-pairs.json');
const pair = (query: string, path: string): SearchPairBody => ({ query, path, from: 'search' });
const mode = async () => (await stat(file())).mode & 0o777;

describe('server/search-quality/search-pair-store', () => {
  it('gives back every pair after a restart: a new store over the same folder', async () => {
    const first = await SearchPairStore.open(dir);
    await first.add(pair('faro', 'Faro.md'), 1);
    await first.add(pair('niebla', 'Niebla.md'), 2);
    const again = await SearchPairStore.open(dir);
    expect(again.list()).toEqual([
      { ...pair('faro', 'Faro.md'), at: 1 },
      { ...pair('niebla', 'Niebla.md'), at: 2 },
    ]);
    expect(await mode()).toBe(0o600);
  });

  it('exports them all, as the file holds them, oldest first', async () => {
    const store = await SearchPairStore.open(dir);
    const bodies = Array.from({ length: 30 }, (_, i) => pair(`pregunta ${i}`, `Nota ${i}.md`));
    for (const [i, body] of bodies.entries()) await store.add(body, i);
    const exported = store.list();
    expect(exported).toEqual(bodies.map((b, i) => ({ ...b, at: i })));
    const onDisk = JSON.parse(await readFile(file(), 'utf8')) as { pairs: unknown };
    expect(onDisk.pairs).toEqual(exported);
  });

  it('erases by deleting the file, and a restart after it starts empty', async () => {
    const store = await SearchPairStore.open(dir);
    await store.add(pair('faro', 'Faro.md'), 1);
    await store.erase();
    expect(store.list()).toEqual([]);
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await SearchPairStore.open(dir)).list()).toEqual([]);
  });

  it('makes the file again, 0600, for a pair added after an erase', async () => {
    const store = await SearchPairStore.open(dir);
    await store.add(pair('faro', 'Faro.md'), 1);
    await store.erase();
    await store.add(pair('niebla', 'Niebla.md'), 2);
    expect(await mode()).toBe(0o600);
    expect((await SearchPairStore.open(dir)).list()).toEqual([
      { ...pair('niebla', 'Niebla.md'), at: 2 },
    ]);
  });
});
