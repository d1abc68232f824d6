import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upToDate, writeStamp } from './build-stamp.mjs';

let root: string;

async function put(rel: string, text: string): Promise<void> {
  await mkdir(join(root, rel, '..'), { recursive: true });
  await writeFile(join(root, rel), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'soma-stamp-'));
  await put('web/app.tsx', 'export const a = 1;');
  await put('server/main.ts', 'console.log(1);');
  await put('package-lock.json', '{}');
  await put('dist/server/main.js', '');
  await put('dist/cli/main.js', '');
  await put('dist/web/index.html', '');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('build-stamp', () => {
  it('is out of date before the first build is stamped', () => {
    expect(upToDate(root)).toBe(false);
  });

  it('is up to date after a stamp while nothing changes, even when a file is rewritten as it was', async () => {
    writeStamp(root);
    expect(upToDate(root)).toBe(true);
    await put('web/app.tsx', 'export const a = 1;');
    expect(upToDate(root)).toBe(true);
  });

  it('rebuilds when a source, a new file or the lock file changes', async () => {
    writeStamp(root);
    await put('web/app.tsx', 'export const a = 2;');
    expect(upToDate(root)).toBe(false);
    writeStamp(root);
    await put('common/new.ts', 'export {};');
    expect(upToDate(root)).toBe(false);
    writeStamp(root);
    await put('package-lock.json', '{"x":1}');
    expect(upToDate(root)).toBe(false);
  });

  it('ignores tests and the run-time harness, which the build does not include', async () => {
    writeStamp(root);
    await put('web/app.test.ts', 'it();');
    await put('harness/soma.json', '{}');
    expect(upToDate(root)).toBe(true);
  });

  it('rebuilds when an output is missing', async () => {
    writeStamp(root);
    await rm(join(root, 'dist/web/index.html'));
    expect(upToDate(root)).toBe(false);
  });
});
