import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { JsonFile } from './json-file.ts';

const Schema = z.object({ version: z.literal(1), names: z.array(z.string()) });

describe('server/storage/json-file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'soma-json-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a missing file as missing, and readOr gives the fallback', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    expect(await file.read()).toEqual({ status: 'missing' });
    expect(await file.readOr('nada')).toBe('nada');
  });

  it('reads text that is not JSON, or JSON of another shape, as corrupt', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    await writeFile(file.path, '{ not json');
    expect(await file.read()).toEqual({ status: 'corrupt' });
    await writeFile(file.path, '{"version":2,"names":[]}');
    expect(await file.read()).toEqual({ status: 'corrupt' });
  });

  it('tells a file that cannot be read (a folder at its path) from a missing one', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    await mkdir(file.path);
    expect((await file.read()).status).toBe('unreadable');
  });

  it('writes what it reads back, 0600 in a folder it creates 0700', async () => {
    const file = new JsonFile(join(dir, 'deep', 'a.json'), Schema);
    await file.write({ version: 1, names: ['ana'] });
    expect(await file.read()).toEqual({ status: 'valid', value: { version: 1, names: ['ana'] } });
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'deep'))).mode & 0o777).toBe(0o700);
  });

  it('narrows a file someone widened back to 0600 on the next write', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    await file.write({ version: 1, names: [] });
    await chmod(file.path, 0o644);
    await file.write({ version: 1, names: ['luis'] });
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
  });

  it('pretty-prints when given an indent, and ends the file with a newline', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema, { indent: 2 });
    await file.write({ version: 1, names: ['ana'] });
    expect(await readFile(file.path, 'utf8')).toBe(
      '{\n  "version": 1,\n  "names": [\n    "ana"\n  ]\n}\n',
    );
  });

  it('leaves the last write asked for on disk when writes are not awaited one by one', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    const writes = ['a', 'b', 'c'].map((n) => file.write({ version: 1, names: [n] }));
    await file.flush();
    await Promise.all(writes);
    expect(await file.readOr(null)).toEqual({ version: 1, names: ['c'] });
  });

  it('removes the file after the writes asked for before, and a later write makes it again', async () => {
    const file = new JsonFile(join(dir, 'a.json'), Schema);
    void file.write({ version: 1, names: ['ana'] });
    await file.remove();
    expect(await file.read()).toEqual({ status: 'missing' });
    await file.remove(); // already gone: not an error
    await file.write({ version: 1, names: ['luis'] });
    expect(await file.readOr(null)).toEqual({ version: 1, names: ['luis'] });
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
  });

  it('keeps writing after a failed write (the chain is not stuck)', async () => {
    const file = new JsonFile(join(dir, 'blocked', 'a.json'), Schema);
    await writeFile(join(dir, 'blocked'), 'a file where the folder should be');
    await expect(file.write({ version: 1, names: [] })).rejects.toThrow();
    await rm(join(dir, 'blocked'));
    await file.write({ version: 1, names: ['otra vez'] });
    expect(await file.readOr(null)).toEqual({ version: 1, names: ['otra vez'] });
  });
});
