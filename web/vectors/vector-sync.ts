import type { EmbedStatus, NoteVectors, VectorsDelta } from '../../common/embedding-schemas.ts';
import { decodeInt8 } from '../../common/vector-codec.ts';
import type { VectorNoteRecord } from '../db/records.ts';
import { applyVectorPage, loadVectorSync } from '../db/vectors-repo.ts';

/** Chunks per page: ~400 KB of base64 at 384 dimensions, one IndexedDB transaction each. */
export const VECTOR_PAGE_LIMIT = 1_000;

/** States in which the server holds vectors worth copying. */
const SYNC_STATES: ReadonlySet<string> = new Set(['idle', 'embedding', 'failing']);

/** True when the status says the layer is configured, on, and has (or is making) vectors. */
export function vectorsSyncable(status: EmbedStatus): boolean {
  return status.configured && status.generation !== '' && SYNC_STATES.has(status.state);
}

/** What one page changed, for the worker's index. */
export interface VectorChange {
  reset: boolean;
  upserted: VectorNoteRecord[];
  removed: string[];
  dimensions: number;
  /** The embedding model that made these vectors. */
  model: string;
  /** The generation these vectors belong to (a query vector must be of the same one). */
  generation: string;
}

export interface VectorSyncDeps {
  getVectors(since: number, generation: string, limit: number): Promise<VectorsDelta>;
  onChange(change: VectorChange): void;
}

/** A note's chunks as stored: int8 back to back, scales and ranges in typed arrays. */
export function toRecord(note: NoteVectors, dimensions: number): VectorNoteRecord {
  const n = note.chunks.length;
  const record: VectorNoteRecord = {
    path: note.path,
    hash: note.hash,
    data: new Int8Array(n * dimensions),
    scales: new Float32Array(n),
    starts: new Uint32Array(n),
    ends: new Uint32Array(n),
  };
  note.chunks.forEach((chunk, i) => {
    const q = decodeInt8(chunk.vector);
    if (q.length !== dimensions) {
      throw new Error(`${chunk.id}: ${q.length} dimensiones, se esperaban ${dimensions}`);
    }
    record.data.set(q, i * dimensions);
    record.scales[i] = chunk.vector.scale;
    record.starts[i] = chunk.start;
    record.ends[i] = chunk.end;
  });
  return record;
}

/**
 * Copies the server's vector changes into IndexedDB: from the kept cursor of
 * the kept generation, page after page while `more`, each page stored with the
 * new cursor in one transaction (a reload resumes where it stopped). The
 * server answers `reset` for another generation: everything held is dropped.
 * Returns how many notes changed (a reset counts as one).
 */
export async function syncVectors(status: EmbedStatus, deps: VectorSyncDeps): Promise<number> {
  if (!vectorsSyncable(status)) return 0;
  const kept = await loadVectorSync();
  let generation = kept?.generation ?? '';
  let cursor = generation === status.generation ? (kept?.cursor ?? 0) : 0;
  let received = 0;
  for (;;) {
    const delta = await deps.getVectors(cursor, generation, VECTOR_PAGE_LIMIT);
    const reset = delta.reset || delta.generation !== generation;
    const change: VectorChange = {
      reset,
      upserted: delta.notes.map((note) => toRecord(note, delta.dimensions)),
      removed: delta.removed,
      dimensions: delta.dimensions,
      model: delta.model,
      generation: delta.generation,
    };
    await applyVectorPage({
      reset,
      upserted: change.upserted,
      removed: change.removed,
      sync: {
        generation: delta.generation,
        cursor: delta.cursor,
        dimensions: delta.dimensions,
        model: delta.model,
        hybrid: status.hybrid,
        updatedAt: Date.now(),
      },
    });
    deps.onChange(change);
    received += delta.notes.length + delta.removed.length + (reset ? 1 : 0);
    generation = delta.generation;
    cursor = delta.cursor;
    if (!delta.more) return received;
  }
}
