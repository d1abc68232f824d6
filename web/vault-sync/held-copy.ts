import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import type { UnwrittenNotes } from '../db/vault-copy-repo.ts';
import { yieldToLoop } from '../lib/yield-to-loop.ts';

/**
 * How many characters of streamed notes may wait in memory for their write (10k notes:
 * ~22 M). Below the worker's text budget (note-texts.ts, 48 M), so a held note is
 * mostly also there for snippets. Holding all of a 50k first sync (~75 M) made it
 * slower, not faster (measured: docs/FACTS.md): on two cores the writes' work only
 * moves (why it cost more was not traced).
 */
const HOLD_CHARS = 32_000_000;

/**
 * Streamed chunks of a first sync whose write to the copy waits until the index is
 * built and the first queries are answered. Handing a page to IndexedDB (cloning its
 * notes) runs on the search worker, the thread a first sync waits for, and takes a
 * good part of it (docs/FACTS.md). Held notes are read as copied in this realm
 * (`get`, vault-copy-repo.ts), so a query's snippets find them. A bigger stream writes
 * what was held and then every chunk as it comes. The caller writes what was held
 * (`write`) before anything else touches the copy; the index is saved only once it is
 * written (`written`), so a saved index never names a note the copy lacks, and a reload
 * before that finds an incomplete copy that its sync completes.
 */
export class HeldCopy implements UnwrittenNotes {
  private chunks: CachedNoteRecord[][] = [];
  private chars = 0;
  /** The budget was spent once: nothing more is held this sync. */
  private full = false;
  /** Every held note by path, until its chunk is written. */
  private readonly byPath = new Map<string, CachedNoteRecord>();
  /** `written` calls waiting for the write in progress or to come. */
  private waiting: (() => void)[] = [];

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
    for (const note of chunk) this.byPath.set(note.path, note);
    return true;
  }

  /** A held note not written yet. */
  get(path: string): CachedNoteRecord | undefined {
    return this.byPath.get(path);
  }

  /** Writes what is held, chunk by chunk in order, a query's turn between two. */
  async write(): Promise<void> {
    try {
      while (this.chunks.length > 0) {
        const chunk = this.chunks[0]!;
        await updateCachedNotes(chunk, []);
        this.chunks.shift();
        for (const note of chunk) {
          this.chars -= note.content.length;
          if (this.byPath.get(note.path) === note) this.byPath.delete(note.path);
        }
        await yieldToLoop();
      }
    } finally {
      // After a failed write too: the sync fails and is tried again, and what waits
      // (a save) must not wait forever; the next sync's diff brings what is missing.
      const waiting = this.waiting;
      this.waiting = [];
      for (const resume of waiting) resume();
    }
  }

  /** Resolves once nothing is held: at once, or when the next `write` ends. */
  written(): Promise<void> {
    if (this.chunks.length === 0) return Promise.resolve();
    return new Promise((resume) => this.waiting.push(resume));
  }
}
