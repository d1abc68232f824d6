import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { internalsOf, type TermTree } from './minisearch-internals.ts';
import { flattenTree, rebuildTree } from './term-tree.ts';

/** minisearch's own radix tree for `terms` (the data of each term: its position, as a field id). */
function treeOf(terms: string[]): TermTree {
  const index = internalsOf(new MiniSearch({ fields: ['x'] }));
  terms.forEach((t, i) => {
    index._index.set(t, new Map([[i, new Map()]]));
  });
  return index._index._tree;
}

describe('web/search/index/term-tree', () => {
  it('rebuilds the radix tree node for node, each term with its data in order', () => {
    const tree = treeOf(['boveda', 'bovedas', 'bosque', 'jardin', 'jar', 'b']);
    const data: unknown[] = [];
    const flat = flattenTree(tree, (d) => data.push(d));
    let next = 0;
    const back = rebuildTree(flat, () => data[next++]);
    expect(back).toEqual(tree);
    expect(next).toBe(6);
    expect(JSON.stringify([...flattenTree(back, () => undefined)])).toBe(JSON.stringify(flat));
  });

  it('refuses a list that does not hold together', () => {
    const flat = flattenTree(treeOf(['faro', 'fauna']), () => undefined);
    expect(() => rebuildTree(flat.slice(0, -1), () => 0)).toThrow();
    expect(() => rebuildTree([...flat, 1], () => 0)).toThrow();
    expect(() => rebuildTree(['faro'], () => 0)).toThrow();
  });
});
