import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cosine, dequantize } from '../../common/vector-codec.ts';
import { type NoteToStore, VectorStore } from './vector-store.ts';

const ID = { model: 'm1', dimensions: 4 };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-vectors-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function note(path: string, hash: string, vectors: number[][]): NoteToStore {
  return {
    path,
    hash,
    chunks: vectors.map((v, i) => ({
      heading: `h${i}`,
      start: i * 10,
      end: i * 10 + 9,
      vector: Float32Array.from(v),
    })),
  };
}

describe('server/embeddings/vector-store', () => {
  it('keeps its folder 0700 and its files 0600: they name every note and heading', async () => {
    const store = join(dir, 'config', 'embeddings');
    const a = await VectorStore.open(store, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]])]);
    expect((await stat(store)).mode & 0o777).toBe(0o700);
    for (const f of await readdir(store)) {
      expect({ f, mode: (await stat(join(store, f))).mode & 0o777 }).toEqual({ f, mode: 0o600 });
    }
  });

  it('narrows a folder and files left wider by an older version when it opens them', async () => {
    const a = await VectorStore.open(dir, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]])]);
    await chmod(dir, 0o755);
    for (const f of await readdir(dir)) await chmod(join(dir, f), 0o644);
    await mkdir(join(dir, 'not-a-file'), { mode: 0o755 });
    await VectorStore.open(dir, ID);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const f of await readdir(dir)) {
      if (f === 'not-a-file') continue;
      expect({ f, mode: (await stat(join(dir, f))).mode & 0o777 }).toEqual({ f, mode: 0o600 });
    }
  });

  it('keeps what was stored across a reopen, with cursor and generation', async () => {
    const a = await VectorStore.open(dir, ID);
    expect(a.wasReset).toBe(true);
    await a.put([
      note('a.md', 'h1', [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
      ]),
      note('b.md', 'h2', [[0, 0, 3, 4]]),
    ]);
    const b = await VectorStore.open(dir, ID);
    expect(b.wasReset).toBe(false);
    expect(b.generation).toBe(a.generation);
    expect(b.cursor).toBe(2);
    expect(b.get('a.md')?.hash).toBe('h1');
    const c = b.get('b.md')?.chunks[0];
    expect(c && cosine(dequantize(c.q, c.scale), [0, 0, 3, 4])).toBeGreaterThan(0.999);
    expect(b.get('a.md')?.chunks.map((x) => x.heading)).toEqual(['h0', 'h1']);
  });

  it('starts afresh with a new generation when the model or dimensions change', async () => {
    const a = await VectorStore.open(dir, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]])]);
    const b = await VectorStore.open(dir, { model: 'm2', dimensions: 4 });
    expect(b.wasReset).toBe(true);
    expect(b.noteCount).toBe(0);
    expect(b.generation).not.toBe(a.generation);
    const c = await VectorStore.open(dir, { model: 'm2', dimensions: 8 });
    expect(c.wasReset).toBe(true);
  });

  it('drops a torn last index line and stray bytes left by a kill, keeping the rest', async () => {
    const a = await VectorStore.open(dir, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]])]);
    const bin = (await readdir(dir)).find((f) => f.endsWith('.bin'))!;
    // The kill: a vector and a half reached the binary file, half an index line the index.
    await appendFile(join(dir, bin), new Uint8Array(6));
    await appendFile(join(dir, 'index.ndjson'), '{"t":"note","seq":2,"path":"b.md","ha');
    const b = await VectorStore.open(dir, ID);
    expect(b.paths()).toEqual(['a.md']);
    await b.put([note('c.md', 'h3', [[0, 0, 0, 2]])]);
    const c = await VectorStore.open(dir, ID);
    expect(c.paths().sort()).toEqual(['a.md', 'c.md']);
    const v = c.get('c.md')?.chunks[0];
    expect(v && cosine(dequantize(v.q, v.scale), [0, 0, 0, 1])).toBeGreaterThan(0.999);
  });

  it('ignores an index line whose vectors never reached the binary file', async () => {
    const a = await VectorStore.open(dir, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]])]);
    const line = {
      t: 'note',
      seq: 2,
      path: 'b.md',
      hash: 'x',
      chunks: [{ heading: '', start: 0, end: 1, scale: 1, off: 5 }],
    };
    await appendFile(join(dir, 'index.ndjson'), `${JSON.stringify(line)}\n`);
    expect((await VectorStore.open(dir, ID)).paths()).toEqual(['a.md']);
  });

  it('records removals with a sequence number, so deltas can carry them', async () => {
    const a = await VectorStore.open(dir, ID);
    await a.put([note('a.md', 'h1', [[1, 0, 0, 0]]), note('b.md', 'h2', [[0, 1, 0, 0]])]);
    await a.remove(['a.md', 'never-stored.md']);
    const b = await VectorStore.open(dir, ID);
    expect(b.paths()).toEqual(['b.md']);
    expect(b.changesSince(1)).toEqual([
      expect.objectContaining({ path: 'b.md', seq: 2 }),
      { removed: 'a.md', seq: 3 },
    ]);
  });

  it('compacts into new files that reopen the same, and leaves one binary file', async () => {
    const a = await VectorStore.open(dir, ID);
    for (let i = 0; i < 5; i++)
      await a.put([note('a.md', `v${i}`, [[i, 1, 0, 0]]), note('b.md', 'b', [[0, 0, 1, i]])]);
    await a.remove(['b.md']);
    await a.compact();
    expect((await readdir(dir)).filter((f) => f.endsWith('.bin'))).toHaveLength(1);
    const b = await VectorStore.open(dir, ID);
    expect(b.paths()).toEqual(['a.md']);
    expect(b.get('a.md')?.hash).toBe('v4');
    expect(b.changesSince(0).map((c) => ('removed' in c ? c.removed : c.path))).toEqual([
      'a.md',
      'b.md',
    ]);
    const v = b.get('a.md')?.chunks[0];
    expect(v && cosine(dequantize(v.q, v.scale), [4, 1, 0, 0])).toBeGreaterThan(0.999);
    expect(
      (await readFile(join(dir, 'index.ndjson'), 'utf8')).split('\n').filter(Boolean),
    ).toHaveLength(3);
  });

  it('starts afresh when the index is not its own format', async () => {
    await writeFile(join(dir, 'index.ndjson'), 'basura\n');
    expect((await VectorStore.open(dir, ID)).wasReset).toBe(true);
  });
});
