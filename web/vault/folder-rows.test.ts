import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FolderRows, TreeRow } from '../../common/api-schemas.ts';
import { ApiError } from '../lib/api-error.ts';
import { TREE_REFRESH_DEBOUNCE_MS } from '../lib/timing.ts';
import { createFolderRows } from './folder-rows.ts';

const note = (path: string, mtime = 1): TreeRow => ({
  type: 'note',
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  size: 1,
  mtime,
});

/** A server whose folders the test edits, counting the requests per folder. */
function fakeServer() {
  const folders = new Map<string, TreeRow[]>([
    ['', [{ type: 'folder', name: 'a', path: 'a' }, note('x.md')]],
    ['a', [{ type: 'folder', name: 'b', path: 'a/b' }]],
    ['a/b', [note('a/b/c.md')]],
  ]);
  const asked: string[] = [];
  const pending: Array<() => void> = [];
  let hold = false;
  const getFolder = async (path: string): Promise<FolderRows> => {
    asked.push(path);
    if (hold) await new Promise<void>((r) => pending.push(r));
    const rows = folders.get(path);
    if (!rows) throw new ApiError('not_found', 'no existe', 404);
    return { path, rows: rows.map((r) => ({ ...r })) };
  };
  return {
    folders,
    asked,
    getFolder,
    hold: (on: boolean) => {
      hold = on;
    },
    release: () => {
      for (const r of pending.splice(0)) r();
    },
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('createFolderRows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches a folder once, when first needed, and nothing else', async () => {
    const server = fakeServer();
    const tree = createFolderRows(server.getFolder, () => {});
    expect(tree.rows('')).toBeNull();
    tree.need('');
    tree.need('');
    await settle();
    expect(tree.rows('')?.map((r) => r.path)).toEqual(['a', 'x.md']);
    expect(server.asked).toEqual(['']);
  });

  it('after a change, reloads only the loaded folders that could list it, keeping unchanged rows', async () => {
    const server = fakeServer();
    const tree = createFolderRows(server.getFolder, () => {});
    tree.need('');
    tree.need('a/b');
    await settle();
    const before = tree.rows('');
    const c = tree.rows('a/b')?.[0];
    server.folders.set('a/b', [note('a/b/c.md'), note('a/b/d.md')]);
    tree.changed('a/b/d.md');
    tree.changed('a/b/d.md');
    await vi.advanceTimersByTimeAsync(TREE_REFRESH_DEBOUNCE_MS);
    expect(server.asked.sort()).toEqual(['', '', 'a/b', 'a/b']);
    expect(tree.rows('')).toBe(before);
    expect(tree.rows('a/b')?.[0]).toBe(c);
    expect(tree.rows('a/b')?.map((r) => r.path)).toEqual(['a/b/c.md', 'a/b/d.md']);
    expect(tree.rows('a')).toBeNull();
  });

  it('takes the new size and date of a listed note in place, fetching nothing', async () => {
    const server = fakeServer();
    const tree = createFolderRows(server.getFolder, () => {});
    tree.need('');
    tree.need('a/b');
    await settle();
    const top = tree.rows('');
    expect(tree.edited('a/b/c.md', 7, 9)).toBe(true);
    await vi.advanceTimersByTimeAsync(TREE_REFRESH_DEBOUNCE_MS);
    expect(server.asked.sort()).toEqual(['', 'a/b']);
    expect(tree.rows('a/b')?.[0]).toMatchObject({ path: 'a/b/c.md', size: 7, mtime: 9 });
    expect(tree.rows('')).toBe(top);
  });

  it('leaves to a reload a note its folder does not list, or a folder not loaded or loading', async () => {
    const server = fakeServer();
    const tree = createFolderRows(server.getFolder, () => {});
    tree.need('a/b');
    await settle();
    expect(tree.edited('a/b/nueva.md', 1, 2)).toBe(false);
    expect(tree.edited('a/otra.md', 1, 2)).toBe(false);
    server.hold(true);
    void tree.reloadAll();
    expect(tree.edited('a/b/c.md', 1, 2)).toBe(false);
    server.hold(false);
    server.release();
    await settle();
    expect(tree.edited('a/b/c.md', 1, 2)).toBe(true);
  });

  it('drops an answer overtaken by a newer request', async () => {
    const server = fakeServer();
    const tree = createFolderRows(server.getFolder, () => {});
    server.hold(true);
    tree.need('');
    server.folders.set('', [note('nueva.md', 2)]);
    server.hold(false);
    await tree.reloadAll();
    server.folders.set('', [note('vieja.md')]);
    server.release();
    await settle();
    expect(tree.rows('')?.map((r) => r.path)).toEqual(['nueva.md']);
  });

  it('empties a folder that left the vault, and retries one whose fetch failed', async () => {
    const server = fakeServer();
    const errors: unknown[] = [];
    let fail = true;
    const tree = createFolderRows(
      async (path) => {
        if (path === 'a' && fail) throw new TypeError('Failed to fetch');
        return server.getFolder(path);
      },
      (e) => errors.push(e),
    );
    tree.need('a');
    await settle();
    expect(errors).toHaveLength(1);
    expect(tree.rows('a')).toBeNull();
    fail = false;
    tree.need('a');
    await settle();
    expect(tree.rows('a')?.map((r) => r.path)).toEqual(['a/b']);
    tree.need('a/b');
    await settle();
    server.folders.delete('a/b');
    await tree.reloadAll();
    expect(tree.rows('a/b')).toBeNull();
    expect(errors).toHaveLength(1);
  });
});
