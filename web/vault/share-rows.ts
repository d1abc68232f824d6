import type { TreeRow } from '../../common/api-schemas.ts';

function sameRow(a: TreeRow, b: TreeRow): boolean {
  if (a.type !== b.type || a.path !== b.path || a.name !== b.name) return false;
  if (a.type === 'folder' || b.type === 'folder') return true;
  if (a.size !== b.size || a.mtime !== b.mtime) return false;
  return a.type !== 'file' || b.type !== 'file' || a.reason === b.reason;
}

/**
 * `next` with every row that did not change taken from `prev`, so the list keeps its
 * DOM (and focus); `prev` itself when nothing changed at all.
 */
export function shareRows(
  prev: readonly TreeRow[] | null | undefined,
  next: readonly TreeRow[],
): readonly TreeRow[] {
  if (!prev) return next;
  const before = new Map(prev.map((e) => [e.path, e]));
  let changed = prev.length !== next.length;
  const rows = next.map((e, i) => {
    const old = before.get(e.path);
    if (old && sameRow(old, e)) {
      if (prev[i] !== old) changed = true;
      return old;
    }
    changed = true;
    return e;
  });
  return changed ? rows : prev;
}
