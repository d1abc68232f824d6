import type { ManifestEntry } from '../../common/api-schemas.ts';
import { listCachedNotes, updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { getManifest, getNotesBatch } from '../lib/api.ts';
import type { NoteIndex } from './note-index.ts';
import type { SearchHit } from './search-types.ts';

export type { SearchHit } from './search-types.ts';

/** The most paths POST /api/vault/batch accepts at once. */
const BATCH_SIZE = 500;

let built: { signature: string; index: NoteIndex } | null = null;

/** Fetches only the notes whose hash changed since they were cached, and forgets removed ones. */
async function syncNotes(entries: readonly ManifestEntry[]): Promise<CachedNoteRecord[]> {
  const cached = new Map((await listCachedNotes()).map((n) => [n.path, n]));
  const wanted = new Map(entries.map((e) => [e.path, e.hash]));
  const stale = entries.filter((e) => cached.get(e.path)?.hash !== e.hash).map((e) => e.path);
  const fresh: CachedNoteRecord[] = [];
  for (let i = 0; i < stale.length; i += BATCH_SIZE) {
    const batch = await getNotesBatch(stale.slice(i, i + BATCH_SIZE));
    for (const n of batch.notes) fresh.push({ path: n.path, hash: n.hash, content: n.content });
  }
  const removed = [...cached.keys()].filter((p) => !wanted.has(p));
  if (fresh.length > 0 || removed.length > 0) await updateCachedNotes(fresh, removed);
  for (const n of fresh) cached.set(n.path, n);
  return entries.flatMap((e) => cached.get(e.path) ?? []);
}

/**
 * Searches the vault's notes in the browser. The notes come from the IndexedDB
 * cache, refreshed against the manifest (only changed notes are fetched); the
 * index is rebuilt only when the manifest changed.
 */
export async function search(query: string): Promise<SearchHit[]> {
  const manifest = await getManifest();
  const signature = manifest.notes.map((e) => `${e.path}\u0000${e.hash}`).join('\n');
  if (built?.signature !== signature) {
    const [notes, { buildNoteIndex }] = await Promise.all([
      syncNotes(manifest.notes),
      import('./note-index.ts'),
    ]);
    built = { signature, index: buildNoteIndex(notes) };
  }
  return built.index.search(query);
}
