import type { EmbedCounters } from '../../common/embedding-schemas.ts';
import type { Embedder } from './embedder.ts';
import type { NoteQueue, Pending } from './note-queue.ts';
import type { NoteToStore, VectorStore } from './vector-store.ts';

/**
 * Embeds one batch of notes (in requests of the embedder's batch size) and starts storing
 * their vectors, counting requests, characters and what left the machine as it goes.
 * `mayEmbed` is asked right before each request: consent withdrawn or the layer paused
 * between two requests of a batch sends nothing more. The write (two fsyncs) is not waited
 * for: the next batch may be read and embedded meanwhile, the store keeping writes in order.
 * @returns false when it stopped (not allowed, or aborted) and stored nothing, else the
 *   write, which counts the batch's notes and chunks once they are on disk
 * @throws EmbedError when the embedder fails; nothing of the batch is stored then
 */
export async function embedBatch(
  batch: readonly Pending[],
  deps: {
    embedder: Embedder;
    store: VectorStore;
    queue: NoteQueue;
    counters: EmbedCounters;
    mayEmbed: () => boolean;
  },
  signal: AbortSignal,
): Promise<false | { stored: Promise<void> }> {
  const { embedder, store, queue, counters } = deps;
  const texts = batch.flatMap((p) => p.chunks.map((c) => c.text));
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += embedder.batchSize) {
    if (signal.aborted || !deps.mayEmbed()) return false;
    const part = texts.slice(i, i + embedder.batchSize);
    const chars = part.reduce((n, t) => n + t.length, 0);
    counters.requests++;
    if (!embedder.local) counters.charactersSent += chars;
    vectors.push(...(await embedder.embed(part, 'document', signal)));
    counters.characters += chars;
  }
  // An answer that came back after consent was withdrawn is not kept either.
  if (signal.aborted || !deps.mayEmbed()) return false;
  let at = 0;
  const notes: NoteToStore[] = batch.map((p) => ({
    path: p.path,
    hash: p.hash,
    chunks: p.chunks.map((c) => ({
      heading: c.heading,
      start: c.start,
      end: c.end,
      vector: vectors[at++] as Float32Array,
    })),
  }));
  // A note changed or removed while its batch was in flight is not stored stale (the
  // vault's event queued it again, or forgot it).
  const current = notes.filter((n) => queue.isCurrent(n.path, n.hash));
  const stored = store.put(current).then(() => {
    for (const n of current) queue.stored(n.path);
    counters.notes += current.length;
    counters.chunks += texts.length;
  });
  // Awaited by the pipeline before it rests or stores the next batch; not unhandled meanwhile.
  stored.catch(() => {});
  return { stored };
}
