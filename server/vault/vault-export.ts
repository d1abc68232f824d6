import { jsonStringMaxBytes, writeJsonString } from './json-string-bytes.ts';
import type { ExportNote } from './read-export-note.ts';
import { releaseMemory } from './release-memory.ts';

/** Bytes of NDJSON gathered into one piece of the export's body. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The export's lines as bytes: `{"note":{"path","content","hash","mtime","size"}}`, the
 * same JSON as `JSON.stringify({ note })` of the decoded note, and `{"end":{"count"}}`.
 * The note's text goes from its bytes into the line (json-string-bytes.ts says why).
 */
class LineWriter {
  private out = Buffer.allocUnsafe(CHUNK_BYTES * 2);
  length = 0;

  note(n: ExportNote): void {
    const head = `{"note":{"path":${JSON.stringify(n.path)},"content":`;
    const tail = `,"hash":${JSON.stringify(n.hash)},"mtime":${JSON.stringify(n.mtime)},"size":${JSON.stringify(n.size)}}}\n`;
    this.room(
      Buffer.byteLength(head) + jsonStringMaxBytes(n.utf8.length) + Buffer.byteLength(tail),
    );
    this.length += this.out.write(head, this.length);
    this.length = writeJsonString(n.utf8, this.out, this.length);
    this.length += this.out.write(tail, this.length);
  }

  end(count: number): void {
    const line = `${JSON.stringify({ end: { count } })}\n`;
    this.room(Buffer.byteLength(line));
    this.length += this.out.write(line, this.length);
  }

  /** The bytes written since the last take, in a buffer of their own. */
  take(): Uint8Array {
    const piece = this.out.subarray(0, this.length);
    this.out = Buffer.allocUnsafe(CHUNK_BYTES * 2);
    this.length = 0;
    return piece;
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.length + bytes));
    this.out.copy(bigger, 0, 0, this.length);
    this.out = bigger;
  }
}

/**
 * The NDJSON body of GET /api/vault/export: one `{ note }` line per note as
 * `notes` yields it, then `{ end: { count } }`. Pulled, so a note is read only
 * when the client has taken the previous ones: the server never holds the
 * vault in memory, however big it is.
 */
export function exportStream(notes: AsyncIterator<ExportNote>): ReadableStream<Uint8Array> {
  const lines = new LineWriter();
  let count = 0;
  let ended = false;
  /** A read that failed after some lines were gathered: thrown once those are sent. */
  let failure: { error: unknown } | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failure) throw failure.error;
      // Lines go out in pieces of ~64 KB: one write per note cost the server and the
      // browser a chunk each (10,000 for 10,000 notes).
      while (lines.length < CHUNK_BYTES && !ended) {
        let next: IteratorResult<ExportNote>;
        try {
          next = await notes.next();
        } catch (error) {
          if (lines.length === 0) throw error;
          failure = { error };
          break;
        }
        if (next.done) {
          ended = true;
          lines.end(count);
        } else {
          count++;
          lines.note(next.value);
        }
      }
      controller.enqueue(lines.take());
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
