import type { ExportLine, NoteContent } from '../../common/chat-schemas.ts';
import { releaseMemory } from './release-memory.ts';

/** Characters of NDJSON gathered into one piece of the export's body. */
const CHUNK_CHARS = 64 * 1024;
const encoder = new TextEncoder();

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
