import type { Chip } from '../db/records.ts';
import type { SearchHit } from '../search/engine/search-types.ts';

/** How many related notes are offered under the composer (Alt+1 … Alt+5). */
export const MAX_SUGGESTIONS = 5;

/** The note paths the chips already send: a note, a /buscar chip's notes, a recalled closing. */
export function attachedPaths(chips: readonly Chip[]): Set<string> {
  const paths = new Set<string>();
  for (const chip of chips) {
    if (chip.kind === 'note' || chip.kind === 'recall') paths.add(chip.path);
    else if (chip.kind === 'search') for (const p of chip.paths) paths.add(p);
  }
  return paths;
}

/** The hits worth offering: not attached already, best first, at most `limit`. */
export function pickSuggestions(
  hits: readonly SearchHit[],
  chips: readonly Chip[],
  limit = MAX_SUGGESTIONS,
): SearchHit[] {
  const attached = attachedPaths(chips);
  return hits.filter((h) => !attached.has(h.path)).slice(0, limit);
}

/** Which suggestion a key press attaches (Alt+1 → 0 … Alt+5 → 4), or null. By `code`, since Alt+digit types other characters on some layouts. */
export function suggestionIndex(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>,
  count: number,
): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (!m) return null;
  const index = Number(m[1]) - 1;
  return index < count ? index : null;
}
