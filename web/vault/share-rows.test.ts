import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../../common/api-schemas.ts';
import { shareRows } from './share-rows.ts';

const note = (path: string, mtime = 1): TreeRow => ({
  type: 'note',
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  size: 10,
  mtime,
});
const rows = (mtime = 1): TreeRow[] => [
  { type: 'folder', name: 'a', path: '03_Proyectos/a' },
  note('03_Proyectos/Tesis.md', mtime),
  note('03_Proyectos/Faro.md'),
];

describe('shareRows', () => {
  it('keeps the old array when nothing changed, so the view does nothing', () => {
    const before = rows();
    expect(shareRows(before, rows())).toBe(before);
    expect(shareRows(null, before)).toBe(before);
  });

  it('reuses unchanged rows and takes the changed one', () => {
    const before = rows();
    const after = shareRows(before, rows(2));
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toMatchObject({ mtime: 2 });
    expect(after[2]).toBe(before[2]);
  });

  it('notices added, removed and reordered rows', () => {
    const [x, y] = [note('x.md'), note('y.md')] as const;
    const prev = [x, y];
    expect(shareRows(prev, [note('x.md')])).toEqual([x]);
    expect(shareRows(prev, [note('x.md')])[0]).toBe(x);
    expect(shareRows(prev, [note('y.md'), note('x.md')])).toEqual([y, x]);
    expect(shareRows(prev, [note('x.md'), note('y.md'), note('z.md')])).toHaveLength(3);
    const folderNow: TreeRow = { type: 'folder', name: 'y.md', path: 'y.md' };
    expect(shareRows(prev, [note('x.md'), folderNow])[1]).toBe(folderNow);
  });

  it('treats a file whose reason changed as changed', () => {
    const f: TreeRow = {
      type: 'file',
      name: 'a',
      path: 'a',
      size: 1,
      mtime: 1,
      reason: 'too_large',
    };
    expect(shareRows([f], [{ ...f, reason: 'binary' }])[0]).not.toBe(f);
  });
});
