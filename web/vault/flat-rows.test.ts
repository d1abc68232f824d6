import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../../common/api-schemas.ts';
import { flattenTree } from './flat-rows.ts';

const folder = (path: string): TreeRow => ({
  type: 'folder',
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
});
const note = (path: string): TreeRow => ({
  type: 'note',
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  size: 1,
  mtime: 1,
});

const vault = new Map<string, readonly TreeRow[]>([
  ['', [folder('a'), folder('b'), note('x.md')]],
  ['a', [folder('a/c'), note('a/y.md')]],
  ['a/c', [note('a/c/z.md')]],
  ['b', [note('b/w.md')]],
]);
const rows = (path: string) => vault.get(path) ?? null;
const paths = (open: string[]) =>
  flattenTree(rows, (path) => open.includes(path)).map((f) => f.row.path);

describe('flattenTree', () => {
  it('lists only the top level while every folder is closed', () => {
    expect(paths([])).toEqual(['a', 'b', 'x.md']);
  });

  it('puts an open folder’s rows right after it, in reading order', () => {
    expect(paths(['a', 'a/c'])).toEqual(['a', 'a/c', 'a/c/z.md', 'a/y.md', 'b', 'x.md']);
  });

  it('hides the rows of an open folder inside a closed one', () => {
    expect(paths(['a/c'])).toEqual(['a', 'b', 'x.md']);
  });

  it('gives each row its level and its place among its siblings', () => {
    const flat = flattenTree(rows, (path) => path === 'a');
    expect(flat.map((f) => [f.row.path, f.level, f.posinset, f.setsize])).toEqual([
      ['a', 1, 1, 3],
      ['a/c', 2, 1, 2],
      ['a/y.md', 2, 2, 2],
      ['b', 1, 2, 3],
      ['x.md', 1, 3, 3],
    ]);
  });

  it('adds nothing for an open folder not fetched yet, and nothing before the top level', () => {
    expect(paths(['a', 'missing'])).toContain('a/y.md');
    expect(
      flattenTree(
        () => null,
        () => true,
      ),
    ).toEqual([]);
  });

  it('keeps the rows the same objects, so drawn rows keep their DOM', () => {
    const flat = flattenTree(rows, () => true);
    expect(flat[0]!.row).toBe(vault.get('')![0]);
    expect(flat.at(-1)!.row).toBe(vault.get('')![2]);
  });

  it('walks a very deep vault without overflowing the stack', () => {
    const deep = new Map<string, readonly TreeRow[]>();
    let path = '';
    for (let i = 0; i < 20_000; i++) {
      const next = path ? `${path}/d` : 'd';
      deep.set(path, [folder(next)]);
      path = next;
    }
    const flat = flattenTree(
      (p) => deep.get(p) ?? null,
      () => true,
    );
    expect(flat).toHaveLength(20_000);
    expect(flat.at(-1)!.level).toBe(20_000);
  });
});
