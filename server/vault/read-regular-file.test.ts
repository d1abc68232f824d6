import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegularFile, realOf, statOf } from './read-regular-file.ts';

describe('readRegularFile', () => {
  let dir: string;
  const at = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'soma-regular-file-'));
    await writeFile(at('nota.md'), 'canción');
    await symlink(at('nota.md'), at('enlace.md'));
    execFileSync('mkfifo', [at('tuberia.md')]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the bytes, with size and mtime from the open handle', async () => {
    const st = await stat(at('nota.md'));
    expect(readRegularFile(at('nota.md'), 100)).toEqual({
      size: st.size,
      mtime: st.mtimeMs,
      bytes: Buffer.from('canción'),
    });
  });

  it('reads nothing from a file over the limit, and says its size', () => {
    expect(readRegularFile(at('nota.md'), 3)).toMatchObject({ size: 8, bytes: null });
  });

  it('refuses a symlink when asked not to follow one (a file swapped for a link)', () => {
    expect(readRegularFile(at('enlace.md'), 100, { noFollow: true })).toBeNull();
    expect(readRegularFile(at('enlace.md'), 100)?.bytes).toEqual(Buffer.from('canción'));
  });

  it('answers null for what is gone, and stat/realpath say so too', () => {
    expect(readRegularFile(at('borrada.md'), 100)).toBeNull();
    expect(statOf(at('borrada.md'))).toBeNull();
    expect(realOf(at('borrada.md'))).toBeNull();
    expect(realOf(at('enlace.md'))).toBe(realOf(at('nota.md')));
  });

  it('never blocks on a FIFO swapped in after the stat', async () => {
    // In a child process: a blocked synchronous open would hang this test's own thread.
    const script = `import { readRegularFile } from ${JSON.stringify(path.join(import.meta.dirname, 'read-regular-file.ts'))};
console.log(JSON.stringify(readRegularFile(${JSON.stringify(at('tuberia.md'))}, 100)));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('null');
  });
});
