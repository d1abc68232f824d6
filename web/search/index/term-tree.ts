import type { TermTree } from './minisearch-internals.ts';
import { UNREADABLE } from './varint-reader.ts';

/**
 * minisearch's term index is a radix tree (7.2.0's SearchableMap): a node is
 * a Map from an edge's letters to the child node, and its `''` key holds the
 * data of the term that ends there. Saved as it is, in one flat list in
 * depth-first order — per node its key count, then per key the letters and
 * (unless `''`) the child's own list — a reload rebuilds the tree node by
 * node. Setting 30,000 terms one at a time walked the tree from its root for
 * each (most of reviving the index, in a reload's timeline: docs/FACTS.md).
 */
export type FlatTree = (string | number)[];

const LEAF = '';

/** `root` as a flat list; `onTerm` gets every term's data in the list's order. */
export function flattenTree<T>(root: TermTree, onTerm: (data: T) => void): FlatTree {
  const flat: FlatTree = [];
  const walk = (node: TermTree) => {
    flat.push(node.size);
    for (const [letters, child] of node) {
      flat.push(letters);
      if (letters === LEAF) onTerm(child as T);
      else walk(child as TermTree);
    }
  };
  walk(root);
  return flat;
}

/**
 * The tree `flattenTree` listed, each term's data from `nextTerm` (called in
 * the same order); throws on a list that does not hold together.
 */
export function rebuildTree(flat: FlatTree, nextTerm: () => unknown): TermTree {
  let at = 0;
  const build = (): TermTree => {
    const node: TermTree = new Map();
    const keys = flat[at++];
    if (typeof keys !== 'number') throw new Error(UNREADABLE);
    for (let k = 0; k < keys; k++) {
      const letters = flat[at++];
      if (typeof letters !== 'string') throw new Error(UNREADABLE);
      node.set(letters, letters === LEAF ? nextTerm() : build());
    }
    return node;
  };
  const root = build();
  if (at !== flat.length) throw new Error(UNREADABLE);
  return root;
}
