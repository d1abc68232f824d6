import type { VectorsDelta } from '../../common/embedding-schemas.ts';
import { encodeStored, type VectorStore } from './vector-store.ts';

/**
 * What the browser lacks of the store since its cursor, a page of at most `maxChunks`
 * chunks (a page holds at least one note, however many chunks it has). Another generation,
 * or a cursor the store no longer reaches, starts the copy again from nothing.
 */
export function vectorsDelta(
  store: VectorStore,
  since: number,
  generation: string | null,
  maxChunks: number,
): VectorsDelta {
  const reset = generation !== store.generation || since < store.floor || since > store.cursor;
  const from = reset ? 0 : since;
  const delta: VectorsDelta = {
    generation: store.generation,
    model: store.model,
    dimensions: store.dimensions,
    encoding: 'int8-base64',
    reset,
    notes: [],
    removed: [],
    cursor: from,
    more: false,
  };
  let chunks = 0;
  for (const change of store.changesSince(from)) {
    if ('removed' in change) {
      if (!reset) delta.removed.push(change.removed);
    } else {
      if (chunks > 0 && chunks + change.chunks.length > maxChunks) {
        delta.more = true;
        break;
      }
      chunks += change.chunks.length;
      delta.notes.push({
        path: change.path,
        hash: change.hash,
        chunks: change.chunks.map((c, i) => ({
          id: `${change.path}#${i}`,
          heading: c.heading,
          start: c.start,
          end: c.end,
          vector: encodeStored(c),
        })),
      });
    }
    delta.cursor = change.seq;
  }
  return delta;
}
