import type {
  HistoryEntry,
  HistoryListAnswer,
  HistoryState,
} from '../../common/history-schemas.ts';

/**
 * A note's writes, newest first, each with whether it is on disk. An index entry is
 * fsynced before its file is written, so an entry whose write failed or was cut by a
 * crash is possible; it is told apart by what followed it: the next write (or the file
 * now) still starts from its `before`, not from its `after`.
 */
export function describeWrites(
  entries: readonly HistoryEntry[],
  current: string | null,
): HistoryListAnswer['writes'] {
  return entries
    .map((e, i) => {
      const next = entries[i + 1];
      const found = next ? next.before : current;
      let state: HistoryState;
      if (found === e.after) state = next ? 'superseded' : 'current';
      else if (found === e.before) state = 'not_written';
      else state = 'changed';
      return { ...e, state, matchesCurrent: current === e.after };
    })
    .reverse();
}
