import type { VaultEvent } from '../../common/api-schemas.ts';
import type { NotesBatch } from '../../common/chat-schemas.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import { BATCH_SIZE } from './copy-notes.ts';
import type { VaultChange } from './sync-deps.ts';

/** How long to gather a burst of vault events (a sync, a bulk rename) before fetching once? */
export const EVENT_BATCH_MS = 150;

/** Where the changes named by a burst of events end up, and how they are fetched. */
export interface EventDeps {
  getNotesBatch(paths: readonly string[]): Promise<NotesBatch>;
  onChange(change: VaultChange): void | Promise<void>;
}

/**
 * The latest event per path decides: an upsert fetches the note's current
 * content, a remove (or a note that became a skipped file) deletes it.
 */
export function pendingChanges(events: readonly VaultEvent[]): {
  fetch: string[];
  remove: string[];
} {
  const last = new Map<string, 'fetch' | 'remove'>();
  for (const e of events) {
    if (e.type === 'upsert') last.set(e.entry.path, 'fetch');
    else last.set(e.type === 'remove' ? e.path : e.entry.path, 'remove');
  }
  const paths = (want: 'fetch' | 'remove') =>
    [...last].filter(([, what]) => what === want).map(([p]) => p);
  return { fetch: paths('fetch'), remove: paths('remove') };
}

/** Applies a burst of vault events to the copy and tells `onChange`. */
export async function applyVaultEvents(deps: EventDeps, events: readonly VaultEvent[]) {
  const { fetch, remove } = pendingChanges(events);
  if (remove.length > 0) {
    await updateCachedNotes([], remove);
    await deps.onChange({ upserted: [], removed: remove });
  }
  for (let i = 0; i < fetch.length; i += BATCH_SIZE) {
    const batch = await deps.getNotesBatch(fetch.slice(i, i + BATCH_SIZE));
    const upserted = batch.notes.map((n) => ({ path: n.path, hash: n.hash, content: n.content }));
    await updateCachedNotes(upserted, batch.missing);
    await deps.onChange({ upserted, removed: batch.missing });
  }
}
