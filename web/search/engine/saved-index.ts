import { ANALYZER_VERSION } from '../../../common/spanish/spanish-analyzer.ts';
import { knowPageKeys, pageKeysKnown } from '../../db/page-keys.ts';
import type { SearchIndexRecord } from '../../db/records.ts';
import { loadSearchIndex, SEARCH_INDEX_KEY, saveSearchIndex } from '../../db/search-index-repo.ts';
import { packIndex, unpackIndex } from '../index/packed-index.ts';
import type { EngineState } from './engine-state.ts';
import { NoteIndex } from './note-index.ts';
import { measured } from './user-timing.ts';

/** How long after the last change is the index saved (snapshotting and gzipping 10,000 notes takes ~1 s)? */
export const SAVE_DEBOUNCE_MS = 2_000;

/**
 * The least time from one save to the next that a change asks for. A note edited every
 * few seconds (an editor's autosave) had the worker snapshot and gzip the whole index
 * after each edit, a second of work every few seconds that typed questions waited
 * behind. An unsaved change costs a reload nothing but a note fetched again: the
 * catch-up sync diffs the manifest against the saved hashes.
 */
export const SAVE_SPACING_MS = 30_000;

/**
 * Reads the saved index (from `read` when the record's read has begun already),
 * each step a User Timing measure; null when there is none, or an older
 * analyzer or layout saved it. The page keys saved with it are learnt when the
 * realm knows none yet.
 */
export async function loadSavedIndex(
  read?: Promise<SearchIndexRecord | undefined>,
): Promise<{ index: NoteIndex; hashes: Record<string, string> } | null> {
  const t0 = performance.now();
  const saved = await (read ?? loadSearchIndex(SEARCH_INDEX_KEY));
  const t1 = measured('soma:index-read', t0);
  if (!saved?.parts || saved.analyzerVersion !== ANALYZER_VERSION) return null;
  const unpacked = await unpackIndex(saved.parts);
  const t2 = measured('soma:index-unpack', t1);
  if (!unpacked) return null;
  const index = NoteIndex.fromSnapshot(unpacked.snapshot);
  measured('soma:index-revive', t2);
  if (saved.pageKeys && pageKeysKnown() === null) knowPageKeys([...saved.pageKeys]);
  return { index, hashes: unpacked.hashes };
}

/**
 * Saves the index back, debounced: `changed` after every change to it,
 * `flush` to save now if anything changed since the last save. Saves run one
 * after another; a failed one is left for the next change.
 */
export function createIndexSaver(
  state: EngineState,
  opts: {
    delayMs?: number;
    /** The least time from a save's start to the next one's, for saves a change asks for. */
    spacingMs?: number;
    /** Resolves once every note indexed so far is in the copy (a first sync holds its writes). */
    copyWritten?: (() => Promise<void>) | undefined;
  },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  let dirty = false;
  /** How many times the index changed. */
  let revision = 0;
  let lastSave = Number.NEGATIVE_INFINITY;

  const save = () => {
    clearTimeout(timer);
    dirty = false;
    lastSave = performance.now();
    saving = saving
      .then(async () => {
        // A saved index names no note the copy lacks: a reload reads its hits' text there.
        await opts.copyWritten?.();
        // The snapshot is taken now; compressing it happens while changes go on.
        const taken = state.index.snapshot();
        const hashes = { ...state.hashes };
        // Copied now, as the snapshot is: the writes go on changing them during the gzip.
        const pageKeys = pageKeysKnown()?.slice();
        const record: SearchIndexRecord = {
          key: SEARCH_INDEX_KEY,
          analyzerVersion: ANALYZER_VERSION,
          parts: await packIndex(hashes, taken),
          ...(pageKeys ? { pageKeys } : {}),
          updatedAt: Date.now(),
        };
        await saveSearchIndex(record);
      })
      .catch(() => undefined);
    return saving;
  };

  return {
    /** Grows at every change to the index. */
    get revision() {
      return revision;
    },
    /** The index changed: a save is due once changes pause, and not sooner than the spacing allows. */
    changed() {
      revision++;
      dirty = true;
      clearTimeout(timer);
      const spaced = lastSave + (opts.spacingMs ?? SAVE_SPACING_MS) - performance.now();
      timer = setTimeout(save, Math.max(opts.delayMs ?? SAVE_DEBOUNCE_MS, spaced));
    },
    flush: (): Promise<void> => (dirty ? save() : saving),
  };
}
