import type { TreeRow } from '../../common/api-schemas.ts';

/** One row of the tree as drawn: where it sits among its siblings and how deep. */
export type FlatRow = { row: TreeRow; level: number; setsize: number; posinset: number };

/**
 * The rows a reader of the tree can reach, in reading order: the top level, and inside
 * every open folder its rows. The tree draws only a window of this list, so a vault of
 * 10,000 notes never puts thousands of rows in the page; each row keeps its level and its
 * place among its siblings, which the page states since its neighbours may not be drawn.
 * A folder open but not yet fetched adds nothing.
 */
export function flattenTree(
  rows: (folder: string) => readonly TreeRow[] | null,
  isExpanded: (folder: string) => boolean,
): FlatRow[] {
  const out: FlatRow[] = [];
  // Iterative, so a deep vault cannot overflow the stack.
  const stack: { rows: readonly TreeRow[]; next: number; level: number }[] = [];
  const top = rows('');
  if (top) stack.push({ rows: top, next: 0, level: 1 });
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.rows.length) {
      stack.pop();
      continue;
    }
    const posinset = ++frame.next;
    const row = frame.rows[posinset - 1]!;
    out.push({ row, level: frame.level, setsize: frame.rows.length, posinset });
    if (row.type !== 'folder' || !isExpanded(row.path)) continue;
    const inner = rows(row.path);
    if (inner && inner.length > 0) stack.push({ rows: inner, next: 0, level: frame.level + 1 });
  }
  return out;
}
