import type { ExportLine, NoteContent } from '../../common/chat-schemas.ts';
import { releaseMemory } from './release-memory.ts';

/** How many notes are read from disk ahead of the one being sent. */
const READ_AHEAD = 8;
/** Characters of NDJSON gathered into one piece of the export's body. */
const CHUNK_CHARS = 64 * 1024;
const encoder = new TextEncoder();

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
  const line = (l: ExportLine) => `${JSON.stringify(l)}\n`;
  let count = 0;
  let ended = false;
  /** A read that failed after some lines were gathered: thrown once those are sent. */
  let failure: { error: unknown } | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failure) throw failure.error;
      // Lines go out in pieces of ~64 KB: one write per note cost the server and the
      // browser a chunk each (10,000 for 10,000 notes).
      let text = '';
      while (text.length < CHUNK_CHARS && !ended) {
        let next: IteratorResult<NoteContent>;
        try {
          next = await notes.next();
        } catch (error) {
          if (text === '') throw error;
          failure = { error };
          break;
        }
        if (next.done) {
          ended = true;
          text += line({ end: { count } });
        } else {
          count++;
          text += line({ note: next.value });
        }
      }
      controller.enqueue(encoder.encode(text));
      if (ended) {
        controller.close();
        releaseMemory();
      }
    },
    async cancel() {
      await notes.return?.();
    },
  });
}
