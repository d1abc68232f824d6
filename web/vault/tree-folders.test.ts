import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../common/api-schemas.ts';
import { shareRows, treeFolders } from './tree-folders.ts';

const note = (path: string, mtime = 1): TreeNode => ({
  type: 'note',
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  size: 10,
  mtime,
});
const tree = (mtime = 1): TreeNode => ({
  type: 'folder',
  name: 'SOMA',
  path: '',
  children: [
    {
      type: 'folder',
      name: '03_Proyectos',
      path: '03_Proyectos',
      children: [note('03_Proyectos/Tesis.md', mtime), note('03_Proyectos/Faro.md')],
    },
    { type: 'folder', name: 'vacía', path: 'vacía', children: [] },
    note('Bienvenida.md'),
    { type: 'file', name: 'foto.png', path: 'foto.png', size: 4, mtime: 1, reason: 'not_markdown' },
  ],
});

describe('treeFolders', () => {
  it('lists each folder’s rows, folders without their children, the root as ""', () => {
    const folders = treeFolders(tree());
    expect([...folders.keys()].sort()).toEqual(['', '03_Proyectos', 'vacía']);
    expect(folders.get('')?.map((e) => e.path)).toEqual([
      '03_Proyectos',
      'vacía',
      'Bienvenida.md',
      'foto.png',
    ]);
    expect(folders.get('')?.[0]).toEqual({
      type: 'folder',
      name: '03_Proyectos',
      path: '03_Proyectos',
    });
    expect(folders.get('vacía')).toEqual([]);
    expect(folders.get('03_Proyectos')?.map((e) => e.path)).toEqual([
      '03_Proyectos/Tesis.md',
      '03_Proyectos/Faro.md',
    ]);
  });
});

describe('shareRows', () => {
  it('keeps the old array when nothing changed, so the view does nothing', () => {
    const a = treeFolders(tree());
    const b = treeFolders(tree());
    for (const [path, rows] of b) expect(shareRows(a.get(path), rows)).toBe(a.get(path));
  });

  it('reuses unchanged rows and takes the changed one', () => {
    const before = treeFolders(tree()).get('03_Proyectos');
    const after = shareRows(before, treeFolders(tree(2)).get('03_Proyectos') ?? []);
    expect(after).not.toBe(before);
    expect(after[0]).not.toBe(before?.[0]);
    expect(after[0]).toMatchObject({ mtime: 2 });
    expect(after[1]).toBe(before?.[1]);
  });

  it('notices added, removed and reordered rows', () => {
    const [x, y] = [note('x.md'), note('y.md')] as const;
    const prev = [x, y];
    expect(shareRows(prev, [note('x.md')])).toEqual([x]);
    expect(shareRows(prev, [note('x.md')])[0]).toBe(x);
    expect(shareRows(prev, [note('y.md'), note('x.md')])).toEqual([y, x]);
    expect(shareRows(prev, [note('x.md'), note('y.md'), note('z.md')])).toHaveLength(3);
    expect(
      shareRows(prev, [note('x.md'), { ...note('y.md'), type: 'folder' } as never])[1],
    ).not.toBe(y);
  });

  it('treats a file whose reason changed as changed', () => {
    const f = {
      type: 'file',
      name: 'a.md',
      path: 'a.md',
      size: 1,
      mtime: 1,
      reason: 'too_large',
    } as const;
    const out = shareRows([f], [{ ...f, reason: 'binary' }]);
    expect(out[0]).not.toBe(f);
  });
});
