import { createSignal } from 'solid-js';
import type { SearchPairBody } from '../../../common/search-pair-schemas.ts';

/**
 * The note last opened from a search, with the question that found it: the
 * note view then offers «Sí, era esta», and only that button remembers the
 * pair. Kept in memory only: a reload forgets an unanswered offer.
 */
const [chosen, setChosen] = createSignal<SearchPairBody | null>(null);

/** A note was opened from search results (`from`) for `query`. */
export function noteChosen(pair: SearchPairBody): void {
  setChosen(pair.query.trim() ? pair : null);
}

/** The pending offer for the note at `path`, or null. */
export function chosenFor(path: string): SearchPairBody | null {
  const c = chosen();
  return c && c.path === path ? c : null;
}

/** The offer was answered (or dismissed): no more button. */
export function clearChosen(): void {
  setChosen(null);
}
