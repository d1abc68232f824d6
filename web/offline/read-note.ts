import type { Note } from '../../common/api-schemas.ts';
import { getNote } from '../lib/api.ts';
import { isNetworkError } from '../lib/api-error.ts';
import { setServedFromCache } from './network-status.ts';

/** The saved copies of notes, loaded with the first note opened. */
const offlineNotes = () => import('./offline-notes.ts');

/**
 * One note by its vault-relative path, as the server's `getNote` gives it. Each opened
 * note is also saved for offline reading; without a network the saved copy answers.
 * It lives here, not in the API client, so the client knows nothing of offline reading.
 */
export async function readNote(path: string): Promise<Note> {
  try {
    const note = await getNote(path);
    offlineNotes()
      .then((m) => m.rememberOpenedNote(note))
      .catch(() => undefined);
    return note;
  } catch (error) {
    const saved = isNetworkError(error)
      ? await offlineNotes().then((m) => m.cachedNote(path))
      : null;
    if (!saved) throw error;
    setServedFromCache(error);
    return saved;
  }
}
