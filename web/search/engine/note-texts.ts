import type { CachedNoteRecord } from '../../db/records.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import { snippetBody } from './snippet.ts';

/**
 * How many characters of note text the worker keeps (~1 byte each: V8 keeps
 * text of Latin-1 characters, which Spanish is, one byte a character): a 10k
 * vault of ~2 KB notes is ~20 M, so it fits whole; past this the oldest are
 * dropped and read from IndexedDB when they are hits.
 */
const CHAR_BUDGET = 48_000_000;
/** How long may one slice of turning raw notes into snippet bodies hold the worker? (a query waits at most this) */
const SLICE_MS = 4;
/**
 * Notes per IndexedDB read while filling after a reload: a query whose hits are
 * not in memory yet reads them behind at most one such batch. Larger batches held
 * each read long enough to slow the first round of questions after a reload;
 * smaller ones gained nothing more and made the fill longer (measured:
 * docs/FACTS.md, "Search in the browser").
 */
export const FILL_BATCH = 64;

/**
 * Reads up to `limit` copied notes after position `after` in path order (from the first
 * when null), and the position it stopped at (vault-copy-repo.ts's `copiedNotesAfter`).
 */
export type ReadCopy<P> = (
  after: P | null,
  limit: number,
) => Promise<{ notes: CachedNoteRecord[]; next: P | null }>;

/**
 * Every indexed note's text as snippets are cut from it (`snippetBody`), in
 * the worker's memory: reading 20 hits from IndexedDB was most of a query's
 * time in the browser. Notes arrive raw (from the sync, the events or a pass
 * over the copy after a reload) and are turned into bodies in short slices
 * in the background, or on first use. What is not here is read from the copy
 * by the caller, so nothing depends on the text being complete.
 */
export class NoteTexts {
  /** path → text; a body, or raw content while the path is in `raw`. Oldest first. */
  private readonly texts = new Map<string, string>();
  private readonly raw = new Set<string>();
  private chars = 0;
  /** Paths set or deleted during each read in flight: what it read of them may be stale. */
  private readonly watchers = new Set<Set<string>>();
  private converting: Promise<void> | null = null;
  /** Reads for a query in flight (`asked`): the fill reads nothing more meanwhile. */
  private asking = 0;
  /** Lets a fill waiting for those reads go on. */
  private resumeFill: (() => void) | null = null;

  /** The snippet body of `path`, when kept. */
  body(path: string): string | undefined {
    const text = this.texts.get(path);
    if (text === undefined || !this.raw.has(path)) return text;
    const body = snippetBody(text);
    this.put(path, body, false);
    return body;
  }

  has(path: string): boolean {
    return this.texts.has(path);
  }

  /** A note's new content (the sync or an event): replaces whatever was kept. */
  set(path: string, content: string) {
    for (const w of this.watchers) w.add(path);
    this.put(path, content, true);
  }

  delete(path: string) {
    for (const w of this.watchers) w.add(path);
    this.drop(path);
  }

  clear() {
    for (const path of [...this.texts.keys()]) this.delete(path);
  }

  /**
   * Reads notes from the copy with `read` and keeps those not set or deleted
   * meanwhile (an edit that arrived during the read wins): `read` gets a
   * function that offers each note it read.
   */
  async reading<T>(
    read: (offer: (path: string, text: string, isBody: boolean) => void) => Promise<T>,
  ): Promise<T> {
    const changed = new Set<string>();
    this.watchers.add(changed);
    try {
      return await read((path, text, isBody) => {
        if (!changed.has(path) && !this.texts.has(path)) this.put(path, text, !isBody);
      });
    } finally {
      this.watchers.delete(changed);
    }
  }

  /**
   * `reading` for a query's hits: the fill asks for no new batch until it is done,
   * so the query's read waits behind at most the batch already asked for (the first
   * questions after a reload were slowed while the fill went on: docs/FACTS.md).
   */
  async asked<T>(
    read: (offer: (path: string, text: string, isBody: boolean) => void) => Promise<T>,
  ): Promise<T> {
    this.asking++;
    try {
      return await this.reading(read);
    } finally {
      if (--this.asking === 0) {
        this.resumeFill?.();
        this.resumeFill = null;
      }
    }
  }

  /** Keeps every copied note not kept yet, one batch of reads at a time (after a reload). */
  fill<P>(readCopy: ReadCopy<P>): Promise<void> {
    return this.reading(async (offer) => {
      let after: P | null = null;
      while (this.chars < CHAR_BUDGET) {
        if (this.asking > 0) await new Promise<void>((resume) => (this.resumeFill = resume));
        const { notes: batch, next } = await readCopy(after, FILL_BATCH);
        for (const n of batch) offer(n.path, n.content, false);
        // Bodies now, while the raw text is young: kept raw until the pass ended, the
        // whole copy's text (~20 MB at 10k) reached the old generation only to be dropped.
        for (const n of batch) this.body(n.path);
        if (batch.length < FILL_BATCH) return;
        after = next;
      }
    });
  }

  /** Turns every raw note into its body in slices of a few ms; resolves when none is left. */
  convert(): Promise<void> {
    this.converting ??= (async () => {
      while (this.raw.size > 0) {
        const until = performance.now() + SLICE_MS;
        for (const path of this.raw) {
          this.body(path);
          if (performance.now() >= until) break;
        }
        await yieldToLoop();
      }
    })().finally(() => {
      this.converting = null;
    });
    return this.converting;
  }

  private put(path: string, text: string, isRaw: boolean) {
    this.drop(path);
    this.texts.set(path, text);
    if (isRaw) this.raw.add(path);
    this.chars += text.length;
    for (const oldest of this.texts.keys()) {
      if (this.chars <= CHAR_BUDGET) break;
      this.drop(oldest);
    }
  }

  private drop(path: string) {
    const old = this.texts.get(path);
    if (old === undefined) return;
    this.chars -= old.length;
    this.texts.delete(path);
    this.raw.delete(path);
  }
}
