import {
  type DBSchema,
  deleteDB,
  type IDBPDatabase,
  type IDBPTransaction,
  openDB,
  type StoreNames,
} from 'idb';
import {
  cutPages,
  hashesOf,
  type NotePageHashesRecord,
  type NotePageRecord,
} from './note-pages.ts';
import { knowPageKeys } from './page-keys.ts';
import type {
  CachedNoteRecord,
  ConversationRecord,
  DraftRecord,
  ProposalRecord,
  SearchIndexRecord,
  SettingRecord,
  TurnRecord,
  VectorNoteRecord,
  VectorSyncRecord,
} from './records.ts';

/**
 * The one place that opens SOMA's IndexedDB database. Components never import
 * `idb`: they call the repositories beside this file.
 *
 * Renaming a store or an index needs a migration in `upgrade` (and a new
 * DB_VERSION): existing browsers still hold the old names and their data.
 */
export const STORES = {
  conversations: 'conversations',
  turns: 'turns',
  drafts: 'drafts',
  settings: 'settings',
  /** The copy of the vault, in pages of notes in path order (note-pages.ts). */
  notePages: 'notePages',
  /** Each page's paths and hashes alone, under the same key. */
  notePageHashes: 'notePageHashes',
  /** Write proposals shown under answers, until approved, rejected or expired. */
  proposals: 'proposals',
  /** The saved search index and its bookkeeping. */
  searchIndex: 'searchIndex',
  /** The embeddings layer's vectors, one record per note. */
  vectors: 'vectors',
  /** Where the vector sync is: generation, cursor, dimensions, fusion settings. */
  vectorSync: 'vectorSync',
} as const;

/** Bump together with a new step in `upgrade`. */
export const DB_VERSION = 4;
/** Until version 4 the copy held one note per record. */
const LEGACY_NOTES = 'notes';

export const DB_NAME = 'soma';

export interface SomaDb extends DBSchema {
  conversations: {
    key: string;
    value: ConversationRecord;
    indexes: { byUpdatedAt: number };
  };
  turns: {
    key: string;
    value: TurnRecord;
    indexes: { byConversation: [string, number]; byStatus: string };
  };
  drafts: { key: string; value: DraftRecord };
  settings: { key: string; value: SettingRecord };
  notePages: { key: string; value: NotePageRecord };
  notePageHashes: { key: string; value: NotePageHashesRecord };
  proposals: {
    key: string;
    value: ProposalRecord;
    indexes: { byConversation: string };
  };
  searchIndex: { key: string; value: SearchIndexRecord };
  vectors: { key: string; value: VectorNoteRecord };
  vectorSync: { key: string; value: VectorSyncRecord };
}

type Store = StoreNames<SomaDb>;

let opening: Promise<IDBPDatabase<SomaDb>> | null = null;

function open(): Promise<IDBPDatabase<SomaDb>> {
  return openDB<SomaDb>(DB_NAME, DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore(STORES.conversations, { keyPath: 'id' }).createIndex(
          'byUpdatedAt',
          'updatedAt',
        );
        const turns = db.createObjectStore(STORES.turns, { keyPath: 'id' });
        turns.createIndex('byConversation', ['conversationId', 'index']);
        turns.createIndex('byStatus', 'status');
        db.createObjectStore(STORES.drafts, { keyPath: 'conversationId' });
        db.createObjectStore(STORES.settings, { keyPath: 'key' });
        (db as unknown as IDBPDatabase).createObjectStore(LEGACY_NOTES, { keyPath: 'path' });
      }
      if (oldVersion < 2) {
        db.createObjectStore(STORES.proposals, { keyPath: 'id' }).createIndex(
          'byConversation',
          'conversationId',
        );
        db.createObjectStore(STORES.searchIndex, { keyPath: 'key' });
      }
      if (oldVersion < 3) {
        db.createObjectStore(STORES.vectors, { keyPath: 'path' });
        db.createObjectStore(STORES.vectorSync, { keyPath: 'key' });
      }
      if (oldVersion < 4) {
        db.createObjectStore(STORES.notePages, { keyPath: 'first' });
        db.createObjectStore(STORES.notePageHashes, { keyPath: 'first' });
        await movedToPages(
          db as unknown as IDBPDatabase,
          tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>,
        );
      }
    },
    // Another tab wants a newer version: let it, this tab reopens on its next access.
    blocking() {
      void closeDatabase();
    },
  });
}

/**
 * Moves the copy's one-note records into pages (version 4), a page at a time
 * in path order, then drops their store: the copy survives the upgrade.
 */
async function movedToPages(
  db: IDBPDatabase,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
) {
  const pages = tx.objectStore(STORES.notePages);
  const hashes = tx.objectStore(STORES.notePageHashes);
  let run: CachedNoteRecord[] = [];
  const writes: Promise<unknown>[] = [];
  const write = () => {
    for (const page of cutPages(run)) writes.push(pages.put(page), hashes.put(hashesOf(page)));
    run = [];
  };
  for await (const cursor of tx.objectStore(LEGACY_NOTES)) {
    run.push(cursor.value as CachedNoteRecord);
    if (run.length >= 1024) write();
  }
  write();
  await Promise.all(writes);
  db.deleteObjectStore(LEGACY_NOTES);
}

/** The open database, opened on first use. */
export function database(): Promise<IDBPDatabase<SomaDb>> {
  opening ??= open().catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * Runs `work` in one transaction over `stores`. A write resolves once it has
 * committed, so a caller never reports as saved what the browser dropped, and
 * keeps nothing when `work` fails. A read resolves with what `work` read (a
 * failed request rejects it), without waiting for the transaction's end: that
 * was one more trip through IndexedDB's queue, behind whatever else was asked.
 */
export async function withTx<S extends Store[], M extends IDBTransactionMode, T>(
  stores: S,
  mode: M,
  work: (tx: IDBPTransaction<SomaDb, S, M>) => Promise<T>,
): Promise<T> {
  const db = await database();
  const tx = db.transaction(stores, mode);
  if (mode === 'readonly') {
    // A read's requests have all answered once `work` has: an abort after that loses nothing.
    tx.done.catch(() => undefined);
    return work(tx);
  }
  const [result] = await Promise.all([
    work(tx).catch((error: unknown) => {
      // Nothing of a write that failed halfway is kept (its requests so far would commit).
      try {
        tx.abort();
      } catch {
        // Finished already: nothing left to undo.
      }
      throw error;
    }),
    tx.done,
  ]);
  return result;
}

export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}

/** Closes and deletes the database (tests start from an empty one). */
export async function deleteDatabase(): Promise<void> {
  await closeDatabase();
  await deleteDB(DB_NAME);
  knowPageKeys(null);
}
