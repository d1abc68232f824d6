import type { HistoryEntry } from '../../common/history-schemas.ts';

/** The harness's `writeHistory`: how long and how much history is kept. */
export interface HistoryRetention {
  keepDays: number;
  maxMegabytes: number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The entries retention keeps, in their order (oldest first): those younger than
 * `keepDays`, then, while the bytes they name are over `maxMegabytes`, the oldest go
 * first. The latest entry of every path is always kept, so the version before the
 * latest write of each note can always be restored.
 */
export function keptEntries<T extends HistoryEntry>(
  all: readonly T[],
  retention: HistoryRetention,
  now: number,
  size: (hash: string) => number,
): T[] {
  const latest = new Map<string, T>();
  for (const e of all) latest.set(e.path, e);
  const protectedSet = new Set(latest.values());
  const cutoff = now - retention.keepDays * DAY_MS;
  const kept = all.filter((e) => protectedSet.has(e) || Date.parse(e.time) >= cutoff);

  // Bytes named by the kept entries, each blob counted once however many entries name it.
  const refs = new Map<string, number>();
  let bytes = 0;
  const hashes = (e: HistoryEntry) => [e.before, e.after].filter((h): h is string => h !== null);
  for (const e of kept) {
    for (const h of hashes(e)) {
      const n = refs.get(h) ?? 0;
      if (n === 0) bytes += size(h);
      refs.set(h, n + 1);
    }
  }
  const max = retention.maxMegabytes * 1024 * 1024;
  const dropped = new Set<T>();
  for (const e of kept) {
    if (bytes <= max) break;
    if (protectedSet.has(e)) continue;
    dropped.add(e);
    for (const h of hashes(e)) {
      const n = (refs.get(h) ?? 0) - 1;
      refs.set(h, n);
      if (n === 0) bytes -= size(h);
    }
  }
  return kept.filter((e) => !dropped.has(e));
}
