import type { VaultEvent } from '../../common/api-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import type { Vault } from '../vault/vault.ts';
import { chunkNote, type NoteChunk, noteTitle } from './chunk-note.ts';
import type { VectorStore } from './vector-store.ts';

/** A note read and chunked, ready to embed. */
export interface Pending {
  path: string;
  hash: string;
  chunks: NoteChunk[];
}

/**
 * What the pipeline has still to embed: every note in the vault and its hash (from the
 * manifest and events), the notes whose stored vectors are missing or stale, and how
 * many characters each would send (for consent). Reads notes; sends nothing.
 */
export class NoteQueue {
  /** Every note in the vault and its hash, from the manifest and events. */
  private readonly known = new Map<string, string>();
  private readonly queue = new Set<string>();
  /** Characters each pending note would send (for consent), by path and hash. */
  private readonly survey = new Map<string, { hash: string; chars: number }>();

  constructor(
    private readonly deps: {
      vault: Pick<Vault, 'manifest' | 'readNote'>;
      store: VectorStore;
      log?: (line: string) => void;
    },
  ) {}

  get size(): number {
    return this.queue.size;
  }

  /** Takes in the vault's manifest and drops stored notes gone from the vault. */
  async reconcile(): Promise<void> {
    const manifest = await this.deps.vault.manifest();
    for (const n of manifest.notes) this.note(n.path, n.hash);
    const gone = this.deps.store.paths().filter((p) => !this.known.has(p));
    await this.deps.store.remove(gone);
  }

  /** Follows one vault event: a changed note is queued, a removed one forgotten. */
  onVaultEvent(e: VaultEvent): void {
    if (e.type === 'upsert') {
      this.note(e.entry.path, e.entry.hash);
      return;
    }
    const path = e.type === 'remove' ? e.path : e.entry.path;
    this.known.delete(path);
    this.queue.delete(path);
    void this.deps.store
      .remove([path])
      .catch((err) => this.deps.log?.(`[embeddings] ${String(err)}`));
  }

  private note(path: string, hash: string): void {
    this.known.set(path, hash);
    if (this.deps.store.get(path)?.hash === hash) this.queue.delete(path);
    else this.queue.add(path);
  }

  /** Puts notes back (their batch was stopped or paused mid-way). */
  requeue(paths: readonly string[]): void {
    for (const path of paths) this.queue.add(path);
  }

  /** True while the vault still holds this version of the note (not changed or removed since). */
  isCurrent(path: string, hash: string): boolean {
    return this.known.get(path) === hash;
  }

  /** A note's vectors were stored: it no longer counts as what consent would send. */
  stored(path: string): void {
    this.survey.delete(path);
  }

  progress(): { notesDone: number; notesTotal: number; chunks: number } {
    let done = 0;
    for (const [path, hash] of this.known) if (this.deps.store.get(path)?.hash === hash) done++;
    return { notesDone: done, notesTotal: this.known.size, chunks: this.deps.store.chunkCount };
  }

  /** What would leave the machine if embedding went ahead now. */
  pending(): { notes: number; characters: number } {
    let characters = 0;
    for (const path of this.queue) characters += this.survey.get(path)?.chars ?? 0;
    return { notes: this.queue.size, characters };
  }

  /** Counts the characters of every queued note not counted yet (reads them). */
  async surveyQueue(): Promise<void> {
    for (const path of [...this.queue]) {
      const hash = this.known.get(path);
      if (hash === undefined || this.survey.get(path)?.hash === hash) continue;
      const p = await this.read(path);
      const chars = p ? p.chunks.reduce((n, c) => n + c.text.length, 0) : 0;
      this.survey.set(path, { hash: p?.hash ?? hash, chars });
    }
  }

  /** Notes off the queue until their chunks fill a batch (one note may fill several). */
  async takeBatch(batchSize: number): Promise<Pending[]> {
    const batch: Pending[] = [];
    let chunks = 0;
    for (const path of this.queue) {
      if (chunks >= batchSize) break;
      this.queue.delete(path);
      const p = await this.read(path);
      if (!p) {
        await this.deps.store.remove([path]);
        continue;
      }
      batch.push(p);
      chunks += p.chunks.length;
    }
    return batch;
  }

  /** Reads and chunks a note; null when it is gone or no longer a note. */
  private async read(path: string): Promise<Pending | null> {
    try {
      const note = await this.deps.vault.readNote(path);
      return {
        path: note.path,
        hash: note.hash,
        chunks: chunkNote(noteTitle(note.path), note.body),
      };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 415)) return null;
      throw err;
    }
  }
}
