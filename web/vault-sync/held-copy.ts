import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { yieldToLoop } from '../lib/yield-to-loop.ts';

/**
 * How many characters of streamed notes may wait in memory for their write (10k notes:
 * ~22 M). Below the worker's text budget (note-texts.ts, 48 M), so every held note is
 * also there for snippets: a query never looks in the copy for a note not written yet.
 */
const HOLD_CHARS = 32_000_000;

/**
 * Streamed chunks of a first sync whose write to the copy waits until the index is
 * built and the first queries are answered. Handing a page to IndexedDB (cloning its
 * notes) runs on the search worker, the thread a first sync waits for: ~0.3–0.5 s of it
 * at 10k notes. The notes' text is in the worker's memory anyway (note-texts.ts), so
 * holding them costs little. A bigger stream writes what was held and then every chunk
 * as it comes, as before. The
 * caller writes what was held (`write`) before it saves the index: a saved index never
 * names a note the copy lacks, and a reload before that finds an incomplete copy that
 * its sync completes.
 */
export class HeldCopy {
  private chunks: CachedNoteRecord[][] = [];
  private chars = 0;
  /** The budget was spent once: nothing more is held this sync. */
  private full = false;

  /**
   * Keeps `chunk` for later; false (keeping nothing) once the budget is spent, and from
   * then on: the caller writes what was held (`write`), then that chunk, in order.
   */
  hold(chunk: CachedNoteRecord[]): boolean {
    let chars = 0;
    for (const note of chunk) chars += note.content.length;
    this.full ||= this.chars + chars > HOLD_CHARS;
    if (this.full) return false;
    this.chars += chars;
    this.chunks.push(chunk);
    return true;
  }

  /** Writes what is held, chunk by chunk in order, a query's turn between two. */
  async write(): Promise<void> {
    while (this.chunks.length > 0) {
      const chunk = this.chunks[0]!;
      await updateCachedNotes(chunk, []);
      this.chunks.shift();
      this.chars -= chunk.reduce((n, note) => n + note.content.length, 0);
      await yieldToLoop();
    }
  }
}
