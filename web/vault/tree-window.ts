/** Rows drawn above and below the visible ones: Tab and the arrow of a scroll find them drawn. */
export const TREE_OVERSCAN_ROWS = 12;

/** The tree's scroll box as last measured, in CSS pixels. */
export type TreeView = {
  /** How far the box is scrolled. */
  scrollTop: number;
  /** The height of the box's visible part. */
  height: number;
  /** Where the list starts inside the box's content (the title sits above it). */
  listTop: number;
  /** The height of one row (rows never wrap, so all are as tall). */
  rowHeight: number;
};

/** The rows to draw, `[start, end)`, for a list of `count` rows seen through `view`. */
export function treeWindow(
  view: TreeView,
  count: number,
  overscan = TREE_OVERSCAN_ROWS,
): { start: number; end: number } {
  const row = Math.max(view.rowHeight, 1);
  const first = Math.floor((view.scrollTop - view.listTop) / row);
  const last = Math.ceil((view.scrollTop - view.listTop + view.height) / row);
  const start = Math.min(Math.max(first - overscan, 0), count);
  const end = Math.min(Math.max(last + overscan, start), count);
  return { start, end };
}

/**
 * The scroll position that brings row `index` into view, centred; null when it is already
 * wholly visible (the tree must not jump under a user who clicked a row).
 */
export function revealTop(index: number, view: TreeView): number | null {
  const top = view.listTop + index * view.rowHeight;
  const inView = top >= view.scrollTop && top + view.rowHeight <= view.scrollTop + view.height;
  if (inView) return null;
  return Math.max(0, top - (view.height - view.rowHeight) / 2);
}
