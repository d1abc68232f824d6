import type { ExportLine, NoteContent } from '../../common/chat-schemas.ts';
import { releaseMemory } from './release-memory.ts';

/** How many notes are read from disk ahead of the one being sent. */
const READ_AHEAD = 8;

/**
 * `read(item)` for every item, in order, with up to `ahead` reads running at
 * once: a disk keeps busy while the consumer (the network) takes its time,
 * and at most `ahead` results wait in memory. Null results are skipped.
 */
export async function* readAhead<I, O>(
  items: readonly I[],
  read: (item: I) => Promise<O | null>,
  ahead = READ_AHEAD,
): AsyncGenerator<O> {
  const pending: Promise<O | null>[] = [];
  let next = 0;
  const fill = () => {
    while (pending.length < ahead && next < items.length) {
      const p = read(items[next++]!);
      // A failure is thrown where it is awaited, in order, not reported as unhandled meanwhile.
      p.catch(() => undefined);
      pending.push(p);
    }
  };
  fill();
  while (pending.length > 0) {
    const out = await pending.shift()!;
    fill();
    if (out !== null) yield out;
  }
}

/**
 * The NDJSON body of GET /api/vault/export: one `{ note }` line per note as
 * `notes` yields it, then `{ end: { count } }`. Pulled, so a note is read only
 * when the client has taken the previous ones: the server never holds the
 * vault in memory, however big it is.
 */
export function exportStream(notes: AsyncIterator<NoteContent>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (l: ExportLine) => encoder.encode(`${JSON.stringify(l)}\n`);
  let count = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await notes.next();
      if (next.done) {
        controller.enqueue(line({ end: { count } }));
        controller.close();
        releaseMemory();
        return;
      }
      count++;
      controller.enqueue(line({ note: next.value }));
    },
    async cancel() {
      await notes.return?.();
    },
  });
}
