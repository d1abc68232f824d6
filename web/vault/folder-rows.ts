import { createSignal, type Signal } from 'solid-js';
import type { FolderRows, TreeRow } from '../../common/api-schemas.ts';
import { ApiError } from '../lib/api-error.ts';
import { TREE_REFRESH_DEBOUNCE_MS } from '../lib/timing.ts';
import { shareRows } from './share-rows.ts';
import { ancestorFolders, rowPath } from './tree-paths.ts';

/**
 * The tree, a folder at a time: only the top level and the folders the user opened are
 * fetched, so a vault of 50,000 notes never sends (or parses) its whole tree. Each
 * folder's rows live in their own signal; a change re-renders that folder only, and
 * unchanged rows keep their DOM (and keyboard focus).
 */
export function createFolderRows(
  getFolder: (path: string) => Promise<FolderRows>,
  report: (error: unknown) => void,
) {
  const signals = new Map<string, Signal<readonly TreeRow[] | null>>();
  /** The last request per folder; also the set of folders the view has asked for. */
  const requests = new Map<string, number>();
  /** Folders whose last fetch failed: needing them again retries. */
  const failed = new Set<string>();
  const dirty = new Set<string>();
  /** Folders with a fetch under way: its answer may predate a change, so changes reload. */
  const loading = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const signal = (path: string) => {
    let s = signals.get(path);
    if (!s) {
      s = createSignal<readonly TreeRow[] | null>(null);
      signals.set(path, s);
    }
    return s;
  };

  /** Fetches a folder's rows; an answer overtaken by a newer request is dropped. */
  const load = async (path: string) => {
    const request = (requests.get(path) ?? 0) + 1;
    requests.set(path, request);
    const [get, set] = signal(path);
    loading.add(path);
    try {
      const { rows } = await getFolder(path);
      if (requests.get(path) !== request) return;
      failed.delete(path);
      const shared = shareRows(get(), rows);
      if (shared !== get()) set(shared);
    } catch (error) {
      if (requests.get(path) !== request) return;
      // The folder left the vault: its parent's rows no longer list it.
      if (error instanceof ApiError && error.code === 'not_found') set(null);
      else {
        failed.add(path);
        report(error);
      }
    } finally {
      if (requests.get(path) === request) loading.delete(path);
    }
  };

  return {
    /** A folder's rows ('' is the top level); null until fetched, or once the folder is gone. */
    rows: (path: string) => signal(path)[0](),
    /** Fetches a folder the first time it is needed (opened, or above a note shown). */
    need(path: string) {
      if (!requests.has(path) || failed.has(path)) void load(path);
    },
    /** A note changed: the loaded folders that could list it, or a new folder above it, reload soon. */
    changed(notePath: string) {
      for (const f of ['', ...ancestorFolders(notePath)]) if (requests.has(f)) dirty.add(f);
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const f of dirty) void load(f);
        dirty.clear();
      }, TREE_REFRESH_DEBOUNCE_MS);
    },
    /**
     * A note already listed in its loaded folder was rewritten: its row takes the new size
     * and date in place, and no folder is fetched (an editor saving a note every few seconds
     * would otherwise have a 1,000-note folder fetched, checked and compared each time).
     * False when the folder is not loaded as it is now, or does not list the note (a new
     * note): then `changed` must reload.
     */
    edited(notePath: string, size: number, mtime: number): boolean {
      const folder = ancestorFolders(notePath).at(-1) ?? '';
      const current = requests.has(folder) && !failed.has(folder) && !loading.has(folder);
      if (!current || dirty.has(folder)) return false;
      const [get, set] = signal(folder);
      const rows = get();
      const i = rows?.findIndex((r) => r.type === 'note' && rowPath(r) === notePath);
      if (!rows || i === undefined || i < 0) return false;
      const row = rows[i]!;
      if (row.type !== 'note') return false;
      if (row.size !== size || row.mtime !== mtime) {
        set(rows.map((r, j) => (j === i ? { ...row, size, mtime } : r)));
      }
      return true;
    },
    /** After a reconnect: events may have been missed, so every loaded folder is asked again. */
    reloadAll: () => Promise.all([...requests.keys()].map(load)).then(() => undefined),
  };
}
