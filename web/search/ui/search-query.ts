import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { SearchFilters, SearchHit, SemanticState } from '../engine/search-types.ts';
import { wantsPrefix } from '../engine/wants-prefix.ts';
import { searchInWorker } from '../worker/search-client.ts';

/** How long after the last keystroke does a search run (results as you type)? */
export const SEARCH_DEBOUNCE_MS = 100;

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'ready'; query: string; hits: SearchHit[]; ms: number; semantic: SemanticState }
  | { status: 'error' };

/**
 * Runs the search for `input` in the worker, debounced; a late answer to an
 * older query is dropped. Call inside a component.
 */
export function createSearchQuery(
  input: () => { query: string; folder: string; tag: string; version: number },
) {
  const [state, setState] = createSignal<SearchState>({ status: 'idle' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  /**
   * The question last asked or scheduled: its text, filters and the index's version.
   * The route hands the same values again as a new object (a reload asked its question twice).
   */
  let asked = '';
  const run = async (query: string, filters: SearchFilters) => {
    const ticket = ++latest;
    try {
      const answer = await searchInWorker(query, {
        filters,
        typing: wantsPrefix(query),
        // The vector ranking replaces the lexical one when the query's vector arrives.
        onRefined: (refined) => {
          if (ticket === latest) setState({ status: 'ready', query, ...refined });
        },
      });
      if (ticket === latest) setState({ status: 'ready', query, ...answer });
    } catch {
      if (ticket === latest) setState({ status: 'error' });
    }
  };
  createEffect(
    on(
      () => ({ ...input() }),
      (next) => {
        const key = JSON.stringify([next.query, next.folder, next.tag, next.version]);
        if (key === asked) return;
        asked = key;
        clearTimeout(timer);
        if (next.query.trim() === '') {
          latest++;
          setState({ status: 'idle' });
          return;
        }
        if (state().status !== 'ready') setState({ status: 'searching' });
        const filters = { folder: next.folder, tag: next.tag };
        timer = setTimeout(() => void run(next.query, filters), SEARCH_DEBOUNCE_MS);
      },
    ),
  );
  onCleanup(() => clearTimeout(timer));
  return state;
}
