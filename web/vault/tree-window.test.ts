import { describe, expect, it } from 'vitest';
import { revealTop, type TreeView, treeWindow } from './tree-window.ts';

const view = (over: Partial<TreeView> = {}): TreeView => ({
  scrollTop: 0,
  height: 400,
  listTop: 40,
  rowHeight: 40,
  ...over,
});

describe('treeWindow', () => {
  it('draws the rows in view and a few more below at the top of a long list', () => {
    // The title takes 40 of the 400 px: nine rows show, five more are drawn.
    expect(treeWindow(view(), 10_000, 5)).toEqual({ start: 0, end: 14 });
  });

  it('follows the scroll, with rows to spare on both sides', () => {
    // Scrolled 4,040 px: row 100 sits at the top edge, rows up to 110 fit in 400 px.
    expect(treeWindow(view({ scrollTop: 4_040 }), 10_000, 5)).toEqual({ start: 95, end: 115 });
  });

  it('never draws past either end of the list', () => {
    expect(treeWindow(view({ scrollTop: 1e9 }), 30, 5)).toEqual({ start: 30, end: 30 });
    expect(treeWindow(view(), 3, 5)).toEqual({ start: 0, end: 3 });
    expect(treeWindow(view(), 0, 5)).toEqual({ start: 0, end: 0 });
  });

  it('draws a bounded number of rows however long the list', () => {
    const { start, end } = treeWindow(view({ scrollTop: 200_000 }), 1_000_000);
    expect(end - start).toBeLessThan(50);
  });

  it('survives a row height not measured yet', () => {
    const { start, end } = treeWindow(view({ rowHeight: 0 }), 100, 0);
    expect(start).toBe(0);
    expect(end).toBeLessThanOrEqual(100);
  });
});

describe('revealTop', () => {
  it('leaves the scroll alone when the row is wholly in view', () => {
    expect(revealTop(3, view())).toBeNull();
  });

  it('centres a row below the view', () => {
    // Row 449 starts at 40 + 449 × 40 = 18,000 px; centred in 400 px: 18,000 − 180.
    expect(revealTop(449, view())).toBe(17_820);
  });

  it('centres a row above the view, never scrolling before the top', () => {
    expect(revealTop(0, view({ scrollTop: 5_000 }))).toBe(0);
    expect(revealTop(100, view({ scrollTop: 9_000 }))).toBe(40 + 4_000 - 180);
  });

  it('counts a row cut by the bottom edge as out of view', () => {
    expect(revealTop(9, view())).not.toBeNull();
  });
});
