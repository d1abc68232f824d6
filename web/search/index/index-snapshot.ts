import MiniSearch, { type Options } from 'minisearch';
import { LazyTermData } from './lazy-term-data.ts';
import { internalsOf, type TermData } from './minisearch-internals.ts';
import { type FlatTree, flattenTree, rebuildTree } from './term-tree.ts';
import { UNREADABLE } from './varint-reader.ts';
import { VarintWriter, zigzag } from './varint-writer.ts';

/**
 * minisearch's state, saved for a reload in a form that is quick to read back:
 * a small JSON header (documents, field lengths, stored fields, the term
 * tree: term-tree.ts) and every posting (per term: fields, and per field the documents'
 * ids, as gaps, with the word's frequency) as varints in one byte array. minisearch's
 * own JSON spells 2 million postings as object keys, and reviving it
 * (`JSON.parse`, then `parseInt` of every key) was most of `ready_ms`.
 */
export interface IndexSnapshot {
  header: string;
  /** Varints: per term its field count, then per field its id, document count, and per document the zigzag gap and the frequency. */
  postings: Uint8Array;
  /**
   * Where each term's postings end in `postings`, in the order of the header's tree:
   * a reload finds every term's bytes without reading all of them (a pass over
   * all the postings was a noticeable part of `ready_ms`: docs/FACTS.md).
   */
  ends: Uint32Array;
}

interface Header {
  documentCount: number;
  nextId: number;
  documentIds: [number, unknown][];
  fieldIds: Record<string, number>;
  fieldLength: [number, number[]][];
  averageFieldLength: number[];
  storedFields: [number, Record<string, unknown> | undefined][];
  dirtCount: number;
  /** The term index's radix tree (term-tree.ts); its terms' postings follow in the same order. */
  tree: FlatTree;
}

/** A copy of `index`'s state now (it may change right after). */
export function snapshotOf<T>(index: MiniSearch<T>): IndexSnapshot {
  const m = internalsOf(index);
  const ends: number[] = [];
  const postings = new VarintWriter();
  const tree = flattenTree<TermData>(m._index._tree, (fields) => {
    // A term no query read since the reload is still in its saved bytes: copied, not decoded.
    const encoded = fields instanceof LazyTermData ? fields.encoded : null;
    if (encoded) {
      postings.pushRange(encoded.bytes, encoded.start, encoded.end);
      ends.push(postings.length);
      return;
    }
    postings.push(fields.size);
    for (const [fieldId, docs] of fields) {
      postings.push(fieldId);
      postings.push(docs.size);
      let previous = 0;
      for (const [doc, frequency] of docs) {
        postings.push(zigzag(doc - previous));
        postings.push(frequency);
        previous = doc;
      }
    }
    ends.push(postings.length);
  });
  const header: Header = {
    documentCount: m._documentCount,
    nextId: m._nextId,
    documentIds: [...m._documentIds],
    fieldIds: m._fieldIds,
    fieldLength: [...m._fieldLength],
    averageFieldLength: m._avgFieldLength,
    storedFields: [...m._storedFields],
    dirtCount: m._dirtCount,
    tree,
  };
  return {
    header: JSON.stringify(header),
    postings: postings.bytes.slice(0, postings.length),
    ends: Uint32Array.from(ends),
  };
}

/** The index `snapshotOf` copied, with the options it was built with. */
export function restoreIndex<T>(snapshot: IndexSnapshot, options: Options<T>): MiniSearch<T> {
  const h = JSON.parse(snapshot.header) as Header;
  // minisearch sets up everything but the data from its own (empty) serialization.
  const index = MiniSearch.loadJS(
    {
      documentCount: h.documentCount,
      nextId: h.nextId,
      documentIds: {},
      fieldIds: h.fieldIds,
      fieldLength: {},
      averageFieldLength: h.averageFieldLength,
      storedFields: {},
      dirtCount: h.dirtCount,
      index: [],
      serializationVersion: 2,
    },
    options,
  );
  const m = internalsOf(index);
  m._documentIds = new Map(h.documentIds);
  m._fieldLength = new Map(h.fieldLength);
  m._storedFields = new Map(h.storedFields);
  for (const [shortId, id] of m._documentIds) m._idToShortId.set(id, shortId);
  // Each term's postings are decoded, within its own bytes, when first read (lazy-term-data.ts).
  const { postings: p, ends } = snapshot;
  let term = 0;
  let start = 0;
  m._index._tree = rebuildTree(h.tree, () => {
    const end = ends[term++];
    if (end === undefined || end <= start) throw new Error(UNREADABLE);
    const data = new LazyTermData({ bytes: p, start, end });
    start = end;
    return data;
  });
  m._index._size = undefined;
  if (term !== ends.length || start !== p.length) throw new Error(UNREADABLE);
  return index;
}
