import type { Manifest } from '../../common/api-schemas.ts';
import type { NoteContent, NotesBatch } from '../../common/chat-schemas.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import type { HeldCopy } from './held-copy.ts';

/** Notes that arrived (new or changed) and paths that left the copy, already stored. */
export interface VaultChange {
  upserted: CachedNoteRecord[];
  removed: string[];
}

/** What the sync needs from the outside world (the API, and who to tell). */
export interface SyncDeps {
  getManifest(): Promise<Manifest>;
  getNotesBatch(paths: readonly string[]): Promise<NotesBatch>;
  /** Every note in one stream (GET /api/vault/export), some at a time, for a sync that needs most of the vault. */
  exportNotes?(): AsyncIterable<NoteContent[]>;
  /** Each batch, in order (a streamed chunk while the browser commits it); awaited, so the index keeps up with the copy. */
  onChange(change: VaultChange): void | Promise<void>;
  onProgress?(done: number, total: number): void;
  /**
   * Where a first sync's streamed chunks wait for their write, applied (onChange) but not
   * yet in the copy: the caller writes them once the index is ready (held-copy.ts).
   */
  held?: HeldCopy;
  /** The copy's path → hash, when a read of it began already (read at the start otherwise). */
  copied?: Promise<ReadonlyMap<string, string>>;
}
