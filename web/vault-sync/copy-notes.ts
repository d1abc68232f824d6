import type { NoteContent } from '../../common/chat-schemas.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { yieldToLoop } from '../lib/yield-to-loop.ts';
import type { SyncDeps, VaultChange } from './sync-deps.ts';

/** How the sync copies notes it wants: from the export stream, or in batches (sync-vault.ts decides). */

/** The most paths POST /api/vault/batch accepts at once. */
export const BATCH_SIZE = 500;
/** How many batch requests run at once: enough to hide latency, few enough to stay polite. */
const IN_FLIGHT = 3;
/** How many streamed notes are stored (one transaction) and indexed at a time. */
export const STREAM_CHUNK = 250;

/** Fetches and stores one batch; notes gone since the manifest count as removed. */
async function fetchBatch(deps: SyncDeps, paths: string[]): Promise<VaultChange> {
  const batch = await deps.getNotesBatch(paths);
  const upserted = batch.notes.map((n) => ({ path: n.path, hash: n.hash, content: n.content }));
  await updateCachedNotes(upserted, batch.missing);
  return { upserted, removed: batch.missing };
}

/**
 * Copies the notes of the export stream that the copy lacks (new or changed
 * hash), storing and indexing them STREAM_CHUNK at a time as they arrive.
 * Returns path → hash of every note the stream had.
 */
export async function copyExport(
  deps: SyncDeps,
  notes: AsyncIterable<NoteContent[]>,
  copied: ReadonlyMap<string, string>,
  /** How many notes are coming (0: not known yet, nothing reported). */
  total: () => number,
): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  let chunk: CachedNoteRecord[] = [];
  let done = 0;
  /** The last chunk's write: it commits while the next chunk is read and indexed. */
  let writing: Promise<void> = Promise.resolve();
  const store = async () => {
    const upserted = chunk;
    chunk = [];
    const report = () => {
      done += upserted.length;
      if (total() > 0) deps.onProgress?.(Math.min(done, total()), total());
    };
    if (deps.held?.hold(upserted)) {
      // A turn for other messages between chunks, as a write's yield gives one below.
      await yieldToLoop();
      await deps.onChange({ upserted, removed: [] });
      report();
      return;
    }
    await deps.held?.write(); // over its budget: what was held goes first, in order
    // The browser commits the chunk while it is indexed here: the yield lets the
    // transaction queue its puts first.
    const written = updateCachedNotes(upserted, []);
    written.catch(() => undefined); // thrown below, where it is awaited
    await yieldToLoop();
    await deps.onChange({ upserted, removed: [] });
    // At most two chunks' writes in flight: the one before must be done by now.
    await writing;
    writing = written;
    report();
  };
  try {
    for await (const some of notes) {
      for (const n of some) {
        seen.set(n.path, n.hash);
        if (copied.get(n.path) === n.hash) continue;
        chunk.push({ path: n.path, hash: n.hash, content: n.content });
        if (chunk.length >= STREAM_CHUNK) await store();
      }
    }
    if (chunk.length > 0) await store();
  } finally {
    // Even when the stream broke: what arrived is stored before the copy is diffed again.
    await writing.catch(() => undefined);
  }
  await writing; // a failed write fails the sync (it is tried again)
  return seen;
}

/** Fetches `paths` in batches, a few requests in flight, storing and reporting each in order. */
export async function copyBatches(deps: SyncDeps, paths: string[]): Promise<void> {
  const batches: string[][] = [];
  for (let i = 0; i < paths.length; i += BATCH_SIZE) batches.push(paths.slice(i, i + BATCH_SIZE));
  let done = 0;
  const pending = batches.map(() => null as Promise<VaultChange> | null);
  const start = (i: number) => {
    if (i >= batches.length) return;
    const batch = fetchBatch(deps, batches[i]!);
    // A failure is thrown where the batch is awaited, not reported as unhandled meanwhile.
    batch.catch(() => undefined);
    pending[i] = batch;
  };
  for (let i = 0; i < IN_FLIGHT; i++) start(i);
  for (let i = 0; i < batches.length; i++) {
    const change = await pending[i]!;
    start(i + IN_FLIGHT);
    await deps.onChange(change);
    done += batches[i]!.length;
    deps.onProgress?.(done, paths.length);
    await yieldToLoop();
  }
}
