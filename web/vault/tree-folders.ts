import type { TreeNode } from '../../common/api-schemas.ts';

/** A row of the tree: a note or file as the server lists it, or a folder without its children. */
export type TreeEntry =
  | Exclude<TreeNode, { type: 'folder' }>
  | { type: 'folder'; name: string; path: string };

/**
 * The tree as folder path → its rows (the root is ''). The view reads one folder at a
 * time, so a change re-renders that folder's rows only, and nothing walks 10,000
 * nodes through a reactive store.
 */
export function treeFolders(root: TreeNode): Map<string, TreeEntry[]> {
  const folders = new Map<string, TreeEntry[]>();
  const visit = (folder: Extract<TreeNode, { type: 'folder' }>, path: string) => {
    const rows: TreeEntry[] = [];
    for (const child of folder.children) {
      if (child.type === 'folder') {
        rows.push({ type: 'folder', name: child.name, path: child.path });
        visit(child, child.path);
      } else rows.push(child);
    }
    folders.set(path, rows);
  };
  if (root.type === 'folder') visit(root, '');
  return folders;
}

function sameEntry(a: TreeEntry, b: TreeEntry): boolean {
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
  prev: readonly TreeEntry[] | undefined,
  next: readonly TreeEntry[],
): readonly TreeEntry[] {
  if (!prev) return next;
  const before = new Map(prev.map((e) => [e.path, e]));
  let changed = prev.length !== next.length;
  const rows = next.map((e, i) => {
    const old = before.get(e.path);
    if (old && sameEntry(old, e)) {
      if (prev[i] !== old) changed = true;
      return old;
    }
    changed = true;
    return e;
  });
  return changed ? rows : prev;
}
