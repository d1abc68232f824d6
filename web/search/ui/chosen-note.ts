import { createSignal } from 'solid-js';
import type { SearchPairBody } from '../../../common/search-pair-schemas.ts';

/**
 * The note last chosen for a question, with where it was chosen: opened from
 * the search view, `/buscar` or related notes (the note view then offers
 * «Sí, era esta»), or attached from the composer's suggestions (the chat
 * offers it). Only that button remembers the pair. Kept in memory only: a
 * reload forgets an unanswered offer.
 */
const [chosen, setChosen] = createSignal<SearchPairBody | null>(null);

/** A note was chosen at `pair.from` for `pair.query`; a blank question offers nothing. */
export function noteChosen(pair: SearchPairBody): void {
  const query = pair.query.trim();
  setChosen(query ? { ...pair, query } : null);
}

/** The pending offer for the note at `path`, or null. */
export function chosenFor(path: string): SearchPairBody | null {
  const c = chosen();
  return c && c.path === path ? c : null;
}

/** The pending offer for a note chosen at `from`, whatever the note, or null. */
export function chosenFrom(from: SearchPairBody['from']): SearchPairBody | null {
  const c = chosen();
  return c && c.from === from ? c : null;
}

/** The offer was answered (or dismissed): no more button. */
export function clearChosen(): void {
  setChosen(null);
}
